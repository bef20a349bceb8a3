// The five Module Federation remotes (ARCHITECTURE §1, §9). The shell is built without them and
// reads /remotes.json at start, so a remote moves host by changing the gateway's config alone.

export const REMOTE_NAMES = ['mf-discover', 'mf-chat', 'mf-wallet', 'mf-news', 'mf-admin'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];

/** The federation name of a remote: a JS identifier (`mf-chat` → `mf_chat`). */
export function federationName(remote: RemoteName): string {
  return remote.replace(/-/g, '_');
}

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
