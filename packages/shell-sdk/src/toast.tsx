import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { TOAST } from '@lakorn/contracts/web';
import { hasSessionEnded } from './fetcher';
import { isOnline } from './online';

export type ToastVariant = 'default' | 'destructive' | 'success';

export interface ToastInput {
  title: string;
  description?: string;
  /** spec §8: toasts are destructive unless marked success. */
  variant?: ToastVariant;
  durationMs?: number;
}

export interface ToastItem {
  id: string;
  title: string;
  description?: string;
  variant: ToastVariant;
}

interface ToastApi {
  toast: (input: ToastInput) => string;
  dismiss: (id: string) => void;
  /** Stops (true) or restarts (false) every toast's countdown: the viewport holds it while hovered or focused. */
  hold: (held: boolean) => void;
  toasts: ToastItem[];
}

interface Countdown {
  remaining: number;
  startedAt: number;
  timer: ReturnType<typeof setTimeout> | null;
}

export const ToastContext = createContext<ToastApi | null>(null);

let counter = 0;

/**
 * Holds the toasts: at most one visible (spec §9), each gone after 5000 ms unless dismissed. The
 * countdown stops while the reader hovers or focuses the toasts (WCAG 2.2.1) and goes on after.
 * A toast goes with the state it tells of: one raised offline when the network returns, one
 * pushed out by a later toast (a success over a stale error) with its countdown.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<ToastItem[]>([]);
  const countdowns = useRef(new Map<string, Countdown>());
  const held = useRef(false);

  /** Toasts raised while the browser was offline: the failures they tell are gone when it is back. */
  const raisedOffline = useRef(new Set<string>());

  const forget = useCallback((id: string) => {
    const countdown = countdowns.current.get(id);
    if (countdown?.timer) clearTimeout(countdown.timer);
    countdowns.current.delete(id);
    raisedOffline.current.delete(id);
  }, []);

  const dismiss = useCallback(
    (id: string) => {
      setToasts((list) => list.filter((t) => t.id !== id));
      forget(id);
    },
    [forget],
  );

  useEffect(() => {
    const backOnline = () => {
      for (const id of [...raisedOffline.current]) dismiss(id);
    };
    window.addEventListener('online', backOnline);
    return () => window.removeEventListener('online', backOnline);
  }, [dismiss]);

  const run = useCallback(
    (id: string, countdown: Countdown) => {
      countdown.startedAt = Date.now();
      countdown.timer = setTimeout(() => dismiss(id), countdown.remaining);
    },
    [dismiss],
  );

  const toast = useCallback(
    (input: ToastInput) => {
      const id = `toast-${++counter}`;
      const variant = input.variant ?? 'default';
      // The session ended: /login says so once; the calls that failed with it stay quiet.
      if (hasSessionEnded() && variant !== 'success') return id;
      const item: ToastItem = { id, title: input.title, description: input.description, variant };
      if (variant !== 'success' && !isOnline()) raisedOffline.current.add(id);
      setToasts((list) => {
        const next = [item, ...list];
        // Only what shows keeps a countdown: a toast pushed out (a success over a stale error) ends.
        for (const dropped of next.slice(TOAST.maxVisible)) forget(dropped.id);
        return next.slice(0, TOAST.maxVisible);
      });
      const countdown: Countdown = { remaining: input.durationMs ?? TOAST.durationMs, startedAt: 0, timer: null };
      countdowns.current.set(id, countdown);
      if (!held.current) run(id, countdown);
      return id;
    },
    [run, forget],
  );

  const hold = useCallback(
    (next: boolean) => {
      if (held.current === next) return;
      held.current = next;
      for (const [id, countdown] of countdowns.current) {
        if (next && countdown.timer) {
          clearTimeout(countdown.timer);
          countdown.timer = null;
          countdown.remaining = Math.max(0, countdown.remaining - (Date.now() - countdown.startedAt));
        } else if (!next && !countdown.timer) {
          run(id, countdown);
        }
      }
    },
    [run],
  );

  useEffect(() => {
    const all = countdowns.current;
    return () => all.forEach((c) => c.timer && clearTimeout(c.timer));
  }, []);

  const value = useMemo(() => ({ toast, dismiss, hold, toasts }), [toast, dismiss, hold, toasts]);
  return <ToastContext.Provider value={value}>{children}</ToastContext.Provider>;
}

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast must be used inside <ToastProvider>');
  return api;
}
