/** Webpack's `[name].[contenthash:8]` file names: the only files the worker keeps. */
const HASHED = /\.[0-9a-f]{8}\.[a-z0-9]+$/;

/** How long the main thread has been mostly idle when the page's start counts as over. */
const QUIET_MS = 1_000;
/** A wait this long between two idle periods was work (an idle main thread gets one every 50 ms). */
const BUSY_GAP_MS = 100;
/** The longest the worker waits for quiet. */
const MAX_WAIT_MS = 15_000;

/**
 * Registers /sw.js (shell/src/pwa/sw.js; ARCHITECTURE §9) in production builds once the page's
 * start is over: after `load` and a second in which the main thread was mostly idle. The worker
 * serves the next visit, not this one; registered at the start (after `load` alone, which the
 * home reaches before its app starts), it cost that start about a quarter of its script time
 * (bench/README.md "lighthouse").
 * Development builds keep no worker: their file names carry no hash, and a cached one would
 * outlive an edit.
 */
export function registerServiceWorker(): void {
  if (process.env.NODE_ENV !== 'production' || !('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker
      .register('/sw.js')
      .then(() => navigator.serviceWorker.ready)
      .then((registration) => forwardLoadedFiles(registration))
      .catch((error: unknown) => console.warn('service worker not registered', error));
  };
  const afterLoad = () => whenQuiet(register);
  if (document.readyState === 'complete') afterLoad();
  else window.addEventListener('load', afterLoad, { once: true });
}

/**
 * Calls `then` once the main thread has had an idle period at least every BUSY_GAP_MS for QUIET_MS
 * (the start's work leaves none: React's slices, the scripts' evaluation), or after MAX_WAIT_MS.
 * Without idle callbacks (older Safari), after MAX_WAIT_MS.
 */
function whenQuiet(then: () => void): void {
  const started = performance.now();
  if (typeof requestIdleCallback !== 'function') {
    setTimeout(then, MAX_WAIT_MS);
    return;
  }
  let quietSince = started;
  let lastIdle = started;
  const idle = (deadline: IdleDeadline) => {
    const now = performance.now();
    if (deadline.didTimeout || now - lastIdle > BUSY_GAP_MS) quietSince = now;
    lastIdle = now;
    if (now - quietSince >= QUIET_MS || now - started >= MAX_WAIT_MS) then();
    else requestIdleCallback(idle, { timeout: QUIET_MS });
  };
  requestIdleCallback(idle, { timeout: QUIET_MS });
}

/**
 * The files this page loaded before the worker controlled it, and those it loads later (a remote's
 * chunks), go to the worker's cache, so the next visit needs no script from the network.
 */
function forwardLoadedFiles(registration: ServiceWorkerRegistration): void {
  const post = (entries: PerformanceEntryList) => {
    const urls = entries.map((entry) => entry.name).filter((url) => HASHED.test(new URL(url).pathname));
    if (urls.length > 0) registration.active?.postMessage({ type: 'lakorn:cache', urls });
  };
  if (typeof PerformanceObserver === 'undefined') {
    post(performance.getEntriesByType('resource'));
    return;
  }
  new PerformanceObserver((list) => post(list.getEntries())).observe({ type: 'resource', buffered: true });
}
