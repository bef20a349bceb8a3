import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';

/**
 * The browser's back (or a history jump) out of the wizard while `guarding()` asks first
 * (mf-discover README "Drafts"). The shell's BrowserRouter has no blocker, so the wizard listens
 * before it: a capturing popstate listener runs ahead of the router's own at the window, stops the
 * event (the router never moves), puts the wizard's history entry back as it was, and calls
 * `onBlocked`; leaving afterwards is `history.back()` with `guarding()` false.
 */
export function useBackGuard(base: string, guarding: () => boolean, onBlocked: () => void): void {
  const location = useLocation();
  const latest = useRef({ guarding, onBlocked });
  latest.current = { guarding, onBlocked };
  const here = useRef<{ state: unknown; url: string } | null>(null);

  useEffect(() => {
    const inside = (path: string) => path === base || path.startsWith(`${base}/`);
    // Where the wizard is now, as the router wrote it (its state holds the router's index).
    if (inside(window.location.pathname)) here.current = { state: window.history.state as unknown, url: window.location.href };
    const onPop = (event: PopStateEvent) => {
      if (inside(window.location.pathname) || !here.current || !latest.current.guarding()) return;
      event.stopImmediatePropagation();
      window.history.pushState(here.current.state, '', here.current.url);
      latest.current.onBlocked();
    };
    window.addEventListener('popstate', onPop, true);
    return () => window.removeEventListener('popstate', onPop, true);
  }, [base, location]);
}
