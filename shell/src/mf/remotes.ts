// Remotes are found at run time (ARCHITECTURE §9): /remotes.json maps each remote's name to its
// manifest URL, so a remote deploys, or moves host, without rebuilding the shell.
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { ComponentType } from 'react';
import type { FederationName } from '@lakorn/contracts/web';
import { takeEarlyRead } from '../earlyReads';

let registered: Promise<Record<string, string>> | null = null;

async function fetchRemotes(): Promise<Record<string, string>> {
  const response = (await takeEarlyRead('remotes')) ?? (await fetch('/remotes.json', { credentials: 'same-origin', cache: 'no-cache' }));
  if (!response.ok) throw new Error(`remotes.json: ${response.status}`);
  const map = (await response.json()) as Record<string, string>;
  registerRemotes(
    Object.entries(map).map(([name, entry]) => ({ name, entry: new URL(entry, window.location.origin).href })),
  );
  return map;
}

/** Registers every remote once; a failed fetch is forgotten so the next attempt tries again. */
export function ensureRemotesRegistered(): Promise<Record<string, string>> {
  registered ??= fetchRemotes().catch((error: unknown) => {
    registered = null;
    throw error;
  });
  return registered;
}

/** First loads of each remote module, shared by a preload and the page that then renders it. */
const firstLoads = new Map<string, Promise<{ default: ComponentType<never> }>>();

/**
 * Loads `<remote>/<module>` and answers its default export. On a retry the remote is
 * registered again with force, so a remote whose files were missing a moment ago is fetched
 * afresh instead of answering the cached failure.
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
  const map = await ensureRemotesRegistered();
  if (retry && map[remote]) {
    registerRemotes([{ name: remote, entry: new URL(map[remote], window.location.origin).href }], { force: true });
  }
  const loaded = await loadRemote<{ default?: ComponentType<P> }>(`${remote}/${module.replace(/^\.\//, '')}`);
  if (!loaded?.default) throw new Error(`${remote}/${module} has no default export`);
  return { default: loaded.default };
}
