/** Webpack's `[name].[contenthash:8]` file names: the only files the worker keeps. */
const HASHED = /\.[0-9a-f]{8}\.[a-z0-9]+$/;

/**
 * Registers /sw.js (shell/src/pwa/sw.js; ARCHITECTURE §9) in production builds, after the page has
 * loaded so the worker's start never competes with the first screen. Development builds keep no
 * worker: their file names carry no hash, and a cached one would outlive an edit.
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
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
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
