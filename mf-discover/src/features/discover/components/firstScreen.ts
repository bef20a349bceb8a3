import { createContext, startTransition, useEffect, useState } from 'react';

/**
 * True while the page is drawn on the server for the gateway's first screen (README "First screen
 * from the server"): each card is then a link to its character's page, which a tap follows before
 * any script has run, and which the shell's start island keeps for the app (shell/src/appStart.ts).
 */
export const DrawnOnServer = createContext(false);

/** A character's page (spec §2 /c/{id}, the character sheet). */
export const characterPath = (id: string) => `/c/${encodeURIComponent(id)}`;

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
