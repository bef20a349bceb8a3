import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { TOAST } from '@lakorn/contracts/web';
import { hasSessionEnded } from './fetcher';

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
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<ToastItem[]>([]);
  const countdowns = useRef(new Map<string, Countdown>());
  const held = useRef(false);

  const dismiss = useCallback((id: string) => {
    setToasts((list) => list.filter((t) => t.id !== id));
    const countdown = countdowns.current.get(id);
    if (countdown?.timer) clearTimeout(countdown.timer);
    countdowns.current.delete(id);
  }, []);

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
      // The session ended: /login says so once; the calls that failed with it stay quiet.
      if (hasSessionEnded() && (input.variant ?? 'default') !== 'success') return id;
      const item: ToastItem = { id, title: input.title, description: input.description, variant: input.variant ?? 'default' };
      setToasts((list) => [item, ...list].slice(0, TOAST.maxVisible));
      const countdown: Countdown = { remaining: input.durationMs ?? TOAST.durationMs, startedAt: 0, timer: null };
      countdowns.current.set(id, countdown);
      if (!held.current) run(id, countdown);
      return id;
    },
    [run],
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
