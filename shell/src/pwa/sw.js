/* Lakorn's service worker (ARCHITECTURE §9), copied to /sw.js by shell/pwa/plugin.js with the
 * build's id filled in, so every deploy of the shell is a new worker.
 *
 * - Hashed files (webpack's `name.<8 hex>.ext`) of this origin and of every origin /remotes.json
 *   lists: cache-first at run time. Remotes deploy alone, so no build can list their files ahead.
 * - /remotes.json, every mf-manifest.json and index.html: network-first, the cache when offline.
 * - Page loads: the network; with the gateway unreachable, the Thai offline page.
 * - /api and anything else: never touched.
 * - Files the page loaded before this worker controlled it (it posts their addresses): cached
 *   too, so even the second visit fetches no script.
 * A new worker takes over at once (skipWaiting + clients.claim), so a new deploy runs after one
 * reload: index.html comes from the network and names the new hashed files.
 */
const BUILD_ID = '__LAKORN_BUILD_ID__';
const FILES = 'lakorn-files';
const ENTRIES = `lakorn-entries-${BUILD_ID}`;
const OFFLINE = `lakorn-offline-${BUILD_ID}`;
const OFFLINE_PAGE = '/offline.html';

const HASHED = /\.[0-9a-f]{8,}\.(js|css|woff2?|png|svg|jpe?g|webp|gif)$/;
const NETWORK_FIRST = /(^|\/)(remotes\.json|mf-manifest\.json|index\.html)$/;

/** Origins whose hashed files are cached: this one and those of the remotes in /remotes.json. */
let remoteOrigins = new Set();

function rememberRemotes(response) {
  return response
    .clone()
    .json()
    .then((map) => {
      remoteOrigins = new Set(Object.values(map).map((entry) => new URL(entry, self.location.origin).origin));
    })
    .catch(() => undefined);
}

function cachedOrigins() {
  return caches
    .open(ENTRIES)
    .then((cache) => cache.match('/remotes.json'))
    .then((response) => (response ? rememberRemotes(response) : undefined));
}

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(OFFLINE)
      .then((cache) => cache.add(new Request(OFFLINE_PAGE, { cache: 'reload' })))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  const keep = new Set([FILES, ENTRIES, OFFLINE]);
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((name) => !keep.has(name)).map((name) => caches.delete(name))))
      .then(cachedOrigins)
      .then(() => self.clients.claim()),
  );
});

function cacheFirst(request) {
  return caches.open(FILES).then((cache) =>
    cache.match(request).then(
      (hit) =>
        hit ||
        fetch(request).then((response) => {
          // Only whole answers: an opaque or failed one would stick for a year.
          if (response.ok && response.type !== 'opaque') cache.put(request, response.clone());
          return response;
        }),
    ),
  );
}

function networkFirst(request, onFresh) {
  return caches.open(ENTRIES).then((cache) =>
    fetch(request)
      .then((response) => {
        if (response.ok) {
          cache.put(request, response.clone());
          if (onFresh) onFresh(response);
        }
        return response;
      })
      .catch(() => cache.match(request).then((hit) => hit || Promise.reject(new Error('offline')))),
  );
}

function pageLoad(request) {
  return fetch(request).catch(() =>
    caches
      .open(OFFLINE)
      .then((cache) => cache.match(OFFLINE_PAGE))
      .then((page) => page || Response.error()),
  );
}

function isCacheable(address) {
  try {
    const url = new URL(address, self.location.origin);
    return (url.origin === self.location.origin || remoteOrigins.has(url.origin)) && HASHED.test(url.pathname);
  } catch {
    return false;
  }
}

/** Puts files the page already has into the cache (from the HTTP cache, they are immutable). */
function warm(addresses) {
  return networkFirst(new Request('/remotes.json'), rememberRemotes)
    .catch(() => undefined)
    .then(() => caches.open(FILES))
    .then((cache) =>
      Promise.all(
        addresses.filter(isCacheable).map((address) =>
          cache
            .match(address)
            .then((hit) => hit || fetch(address).then((response) => (response.ok && response.type !== 'opaque' ? cache.put(address, response) : undefined)))
            .catch(() => undefined),
        ),
      ),
    );
}

self.addEventListener('message', (event) => {
  const data = event.data;
  if (data && data.type === 'lakorn:cache' && Array.isArray(data.urls)) event.waitUntil(warm(data.urls.filter((u) => typeof u === 'string')));
});

function forRemoteFile(request, url) {
  if (NETWORK_FIRST.test(url.pathname)) return networkFirst(request);
  return HASHED.test(url.pathname) ? cacheFirst(request) : fetch(request);
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  const sameOrigin = url.origin === self.location.origin;
  if (sameOrigin && (url.pathname === '/api' || url.pathname.startsWith('/api/'))) return;
  if (request.mode === 'navigate') {
    event.respondWith(pageLoad(request));
    return;
  }
  if (sameOrigin && url.pathname === '/remotes.json') {
    event.respondWith(networkFirst(request, rememberRemotes));
    return;
  }
  if (!sameOrigin) {
    // A worker woken after being stopped has forgotten the remotes' origins: read them back first.
    if (remoteOrigins.size === 0) {
      event.respondWith(cachedOrigins().then(() => (remoteOrigins.has(url.origin) ? forRemoteFile(request, url) : fetch(request))));
    } else if (remoteOrigins.has(url.origin)) {
      event.respondWith(forRemoteFile(request, url));
    }
    return;
  }
  if (NETWORK_FIRST.test(url.pathname)) {
    event.respondWith(networkFirst(request));
    return;
  }
  if (HASHED.test(url.pathname)) event.respondWith(cacheFirst(request));
});
