import { useEffect, useRef } from 'react';

/** What the wizard reads of the browser's Navigation API (not yet in TypeScript's DOM library). */
interface TraverseEvent extends Event {
  navigationType: 'push' | 'replace' | 'reload' | 'traverse';
  cancelable: boolean;
  destination: { url: string };
}
interface NavigationLike {
  addEventListener(type: 'navigate', listener: (event: TraverseEvent) => void): void;
  removeEventListener(type: 'navigate', listener: (event: TraverseEvent) => void): void;
}

/**
 * The browser's back (or a history jump) out of the wizard, while `guarding()`, asks first
 * (mf-discover README "Drafts"). The shell's BrowserRouter has no blocker and hears popstate
 * before any remote, so the wizard cancels the traversal itself, before it happens, through the
 * Navigation API's `navigate` event (Chromium; the browser lets a page cancel one only after a
 * tap on it); leaving afterwards is `history.back()` with `guarding()` false. Where it cannot
 * cancel, the draft is still kept and the next opening offers it.
 */
export function useBackGuard(base: string, guarding: () => boolean, onBlocked: () => void): void {
  const latest = useRef({ guarding, onBlocked });
  latest.current = { guarding, onBlocked };

  useEffect(() => {
    const navigation = (window as unknown as { navigation?: NavigationLike }).navigation;
    if (!navigation) return;
    const inside = (path: string) => path === base || path.startsWith(`${base}/`);
    const onNavigate = (event: TraverseEvent) => {
      if (event.navigationType !== 'traverse' || !event.cancelable || !latest.current.guarding()) return;
      if (inside(new URL(event.destination.url).pathname)) return;
      event.preventDefault();
      latest.current.onBlocked();
    };
    navigation.addEventListener('navigate', onNavigate);
    return () => navigation.removeEventListener('navigate', onNavigate);
  }, [base]);
}
