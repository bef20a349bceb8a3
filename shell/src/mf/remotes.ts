// Remotes are found at run time (ARCHITECTURE §9): /remotes.json maps each remote's name to its
// manifest URL, so a remote deploys, or moves host, without rebuilding the shell. Each remote is a
// webpack container (README "Where this differs from ARCHITECTURE"): its manifest names its entry
// script, which defines the container as a global of the remote's name; the container is given the
// shell's share scope, so it takes React, the router, SWR, styled-components and our packages from
// the shell.
import type { ComponentType } from 'react';
import type { FederationName } from '@lakorn/contracts/web';
import { takeEarlyRead } from '../earlyReads';

/** What a remote's entry script defines (webpack's container: `init`, then `get` per module). */
interface Container {
  init(shareScope: unknown): unknown;
  get(module: string): Promise<() => unknown>;
}

// webpack's sharing, in the shell's own runtime: fills the share scope with what the shell provides.
declare const __webpack_init_sharing__: (scope: string) => Promise<void>;
declare const __webpack_share_scopes__: Record<string, unknown>;

/** The share scope every app's `shared` map uses (infra/webpack/shared.js). */
const SHARE_SCOPE = 'default';

let remotesMap: Promise<Record<string, string>> | null = null;

async function fetchRemotes(): Promise<Record<string, string>> {
  const response = (await takeEarlyRead('remotes')) ?? (await fetch('/remotes.json', { credentials: 'same-origin', cache: 'no-cache' }));
  if (!response.ok) throw new Error(`remotes.json: ${response.status}`);
  return (await response.json()) as Record<string, string>;
}

/** Reads /remotes.json once; a failed read is forgotten so the next attempt tries again. */
export function remoteManifests(): Promise<Record<string, string>> {
  remotesMap ??= fetchRemotes().catch((error: unknown) => {
    remotesMap = null;
    throw error;
  });
  return remotesMap;
}

/** The URL of a remote's entry script, from its manifest (infra/webpack/manifest.js). */
async function entryUrl(manifestUrl: string, fresh: boolean): Promise<string> {
  // A plain fetch, as the gateway's preload of the manifest (`as=fetch; crossorigin=anonymous`)
  // expects, so a page load takes the preloaded answer; a retry asks past the HTTP cache.
  const response = await fetch(manifestUrl, fresh ? { cache: 'no-cache' } : undefined);
  if (!response.ok) throw new Error(`${manifestUrl}: ${response.status}`);
  const name = ((await response.json()) as { metaData?: { remoteEntry?: { name?: unknown } } }).metaData?.remoteEntry?.name;
  if (typeof name !== 'string') throw new Error(`${manifestUrl}: no remoteEntry`);
  return new URL(name, manifestUrl).href;
}

/** Runs a script by URL, as a plain `<script>` (as the gateway's `as=script` preload names it). */
function runScript(src: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.onload = () => resolve();
    script.onerror = () => {
      script.remove();
      reject(new Error(`${src} did not load`));
    };
    document.head.append(script);
  });
}

/** Each remote's container as last loaded, and the entry URL it came from. */
const containers = new Map<FederationName, Promise<Container>>();
const entryUrls = new Map<FederationName, string>();

async function startContainer(remote: FederationName, url: string): Promise<Container> {
  await runScript(url);
  const container = (window as unknown as Record<string, Container | undefined>)[remote];
  if (!container) throw new Error(`${url} defined no ${remote}`);
  await __webpack_init_sharing__(SHARE_SCOPE);
  await container.init(__webpack_share_scopes__[SHARE_SCOPE]);
  return container;
}

/**
 * A remote's container, started once: a page asking for two of its modules at once (the profile's
 * wallet panels) waits for the same one. On a retry its manifest is read afresh, and a new entry (a
 * deploy since the page loaded) or one that failed is loaded again; one that is still current is
 * kept (webpack's chunk loading asks again for a chunk that failed).
 */
function containerOf(remote: FederationName, retry: boolean): Promise<Container> {
  const known = containers.get(remote);
  if (known && !retry) return known;
  const container = (async () => {
    const manifest = (await remoteManifests())[remote];
    if (!manifest) throw new Error(`remotes.json names no ${remote}`);
    const url = await entryUrl(new URL(manifest, window.location.origin).href, retry);
    if (known && entryUrls.get(remote) === url && (await known.then(() => true, () => false))) return known;
    entryUrls.set(remote, url);
    return startContainer(remote, url);
  })();
  containers.set(remote, container);
  container.catch(() => {
    if (containers.get(remote) === container) containers.delete(remote);
  });
  return container;
}

/** First loads of each remote module, shared by a preload and the page that then renders it. */
const firstLoads = new Map<string, Promise<{ default: ComponentType<never> }>>();

/**
 * Loads `<remote>/<module>` and answers its default export. A retry reads the remote's manifest
 * afresh, so a remote whose files were missing a moment ago is fetched again instead of answering
 * the cached failure.
 */
export function loadRemoteComponent<P>(remote: FederationName, module: string, retry: boolean): Promise<{ default: ComponentType<P> }> {
  const key = `${remote}/${module}`;
  if (!retry) {
    const first = firstLoads.get(key);
    if (first) return first as Promise<{ default: ComponentType<P> }>;
  }
  const loading = loadFresh<P>(remote, module, retry);
  if (!retry) {
    firstLoads.set(key, loading as Promise<{ default: ComponentType<never> }>);
    // A failed first load is forgotten, so the next page asks again.
    loading.catch(() => firstLoads.delete(key));
  }
  return loading;
}

async function loadFresh<P>(remote: FederationName, module: string, retry: boolean): Promise<{ default: ComponentType<P> }> {
  const container = await containerOf(remote, retry);
  const factory = await container.get(module);
  const loaded = factory() as { default?: ComponentType<P> } | undefined;
  if (!loaded?.default) throw new Error(`${remote}/${module} has no default export`);
  return { default: loaded.default };
}
