// The five Module Federation remotes (ARCHITECTURE §1, §9). The shell is built without them and
// reads /remotes.json at start, so a remote moves host by changing the gateway's config alone.

import path from 'node:path';
import { federationName, REMOTE_NAMES, type RemoteName } from '@lakorn/contracts';

export { REMOTE_NAMES, type RemoteName };

/** Body of GET /remotes.json: `{mf_discover: <manifest URL>, ...}`. */
export function remotesDocument(manifests: Record<RemoteName, string>): Record<string, string> {
  return Object.fromEntries(REMOTE_NAMES.map((name) => [federationName(name), manifests[name]]));
}

/** Origins of remotes hosted elsewhere; the CSP must let the page load their code. */
export function externalRemoteOrigins(manifests: Record<RemoteName, string>): string[] {
  const origins = REMOTE_NAMES.map((name) => manifests[name])
    .filter((url) => /^https?:\/\//.test(url))
    .map((url) => new URL(url).origin);
  return [...new Set(origins)];
}

/**
 * A remote's build folder when this gateway serves it (its manifest at the default
 * /remotes/<name>/mf-manifest.json, config.ts), else undefined: a remote hosted elsewhere is only
 * known to the browser, at run time.
 */
export function localRemoteDir(webRoot: string, manifests: Record<RemoteName, string>, name: RemoteName): string | undefined {
  return manifests[name] === `/remotes/${name}/mf-manifest.json` ? path.join(webRoot, name, 'dist') : undefined;
}
