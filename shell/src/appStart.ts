// The start of home.html, the page the gateway sends with the home's first screen drawn (README
// "First screen from the server"): the app's scripts and their preloads wait in
// `<template id="app-start">` until the first screen's first-row pictures have loaded and been
// painted, so on a slow network those pictures (the page's largest paint) get the bandwidth the
// app's 160 KiB of JavaScript would take, and the app, which only redraws the same screen, comes
// right after. No imports: this runs before anything else of the shell has arrived.

/** The pictures the page's largest paint is one of (mf-discover CardPicture: the grid's first row). */
const FIRST_ROW = '#first-screen img[fetchpriority="high"]';
/** The longest the app waits for them (a picture that never answers must not hold the app back). */
const WAIT_MS = 3_000;

/**
 * The template's scripts and preloads into the head, one element per task, in their order (the
 * start's reads and main.js first): fetched and run as if the page had named them. All at once,
 * starting their fetches took one task of ~85 ms at 4× CPU (bench/lighthouse/profile.ts), which
 * the phone would feel as a blocked main thread.
 */
function startApp(): void {
  const start = document.getElementById('app-start');
  if (!(start instanceof HTMLTemplateElement)) return;
  start.remove();
  const elements = Array.from(document.importNode(start.content, true).children);
  const next = () => {
    const element = elements.shift();
    if (!element) return;
    document.head.append(element);
    setTimeout(next, 0);
  };
  next();
}

/** After the frame that paints what has loaded (the next frame's callback runs before its paint; the task after it, after). */
function afterPaint(then: () => void): void {
  requestAnimationFrame(() => setTimeout(then, 0));
}

/**
 * A tap on one of the screen's cards (links to the character's page, mf-discover DrawnOnServer) is
 * kept for the app rather than starting the page over: the address becomes the link's, with the
 * state the router writes (its index), and a popstate tells a router that has started; one that has
 * not reads the address when it starts. Either way the shell then takes the screen away, as for any
 * page other than the home. Until then the screen's note says the character is opening.
 */
document.getElementById('first-screen')?.addEventListener('click', (event) => {
  const link = event.target instanceof Element ? event.target.closest('a[href^="/"]') : null;
  if (!link || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  event.preventDefault();
  const index = (history.state as { idx?: number } | null)?.idx ?? 0;
  history.pushState({ usr: null, key: Math.random().toString(36).slice(2, 10), idx: index + 1 }, '', link.getAttribute('href'));
  dispatchEvent(new PopStateEvent('popstate', { state: history.state as unknown }));
  const note = document.querySelector<HTMLElement>('[data-first-screen-status]');
  const text = note?.lastElementChild;
  if (note?.dataset.opening && text) text.textContent = note.dataset.opening;
});

const waiting = Array.from(document.querySelectorAll<HTMLImageElement>(FIRST_ROW)).filter((img) => !img.complete);
let left = waiting.length;
const oneDone = () => {
  left -= 1;
  if (left === 0) afterPaint(startApp);
};
for (const img of waiting) {
  img.addEventListener('load', oneDone, { once: true });
  img.addEventListener('error', oneDone, { once: true });
}
if (left === 0) afterPaint(startApp);
setTimeout(startApp, WAIT_MS);
