import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { TOAST } from '@lakorn/contracts/web';

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
  toasts: ToastItem[];
}

export const ToastContext = createContext<ToastApi | null>(null);

let counter = 0;

/** Holds the toasts: at most one visible (spec §9), each gone after 5000 ms unless dismissed. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<ToastItem[]>([]);
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());

  const dismiss = useCallback((id: string) => {
    setToasts((list) => list.filter((t) => t.id !== id));
    const timer = timers.current.get(id);
    if (timer) clearTimeout(timer);
    timers.current.delete(id);
  }, []);

  const toast = useCallback(
    (input: ToastInput) => {
      const id = `toast-${++counter}`;
      const item: ToastItem = { id, title: input.title, description: input.description, variant: input.variant ?? 'default' };
      setToasts((list) => [item, ...list].slice(0, TOAST.maxVisible));
      timers.current.set(id, setTimeout(() => dismiss(id), input.durationMs ?? TOAST.durationMs));
      return id;
    },
    [dismiss],
  );

  useEffect(() => {
    const all = timers.current;
    return () => all.forEach((t) => clearTimeout(t));
  }, []);

  const value = useMemo(() => ({ toast, dismiss, toasts }), [toast, dismiss, toasts]);
  return <ToastContext.Provider value={value}>{children}</ToastContext.Provider>;
}

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast must be used inside <ToastProvider>');
  return api;
}
