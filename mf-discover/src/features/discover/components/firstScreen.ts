import { startTransition, useEffect, useState } from 'react';

/**
 * The first `count` items at once, the rest in a transition right after: the first paint (the
 * page's largest, the first row's picture) is not held back by what is below the fold or beyond
 * the row's edge, and React draws the rest in slices between the browser's other work instead of
 * one long task (bench/README.md "lighthouse"). Once complete, later lists show whole.
 */
export function useFirstScreenFirst<T>(items: T[], count: number): { shown: T[]; complete: boolean } {
  const [complete, setComplete] = useState(false);
  const waiting = !complete && items.length > count;
  useEffect(() => {
    if (waiting) startTransition(() => setComplete(true));
  }, [waiting]);
  return { shown: waiting ? items.slice(0, count) : items, complete: !waiting };
}
