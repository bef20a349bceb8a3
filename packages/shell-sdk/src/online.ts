import { useSyncExternalStore } from 'react';

const subscribe = (changed: () => void) => {
  window.addEventListener('online', changed);
  window.addEventListener('offline', changed);
  return () => {
    window.removeEventListener('online', changed);
    window.removeEventListener('offline', changed);
  };
};

/** Whether the browser says it has a network (navigator.onLine and its online/offline events). */
export const isOnline = (): boolean => typeof navigator === 'undefined' || navigator.onLine !== false;

/** isOnline, drawn again when it changes: the shell's offline banner, toasts raised offline. */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, isOnline, () => true);
}
