// What a page load fetches at once (ARCHITECTURE §9): the remote that draws the page, named in a
// `Link: rel=preload` header on index.html, so the browser loads its entry and the page's code
// beside the shell's, instead of after the shell has started, read /remotes.json and then the
// remote's manifest (three round trips later; bench/README.md "lighthouse"). Only for remotes this
// gateway serves (their manifest is on disk; a remote hosted elsewhere is found at run time as
// before), and only for members' pages of a visitor signed in (a signed-out visit goes to /login and
// loads no remote; an admin page's code loads once the session allows it). A member's page load
// also preloads the start's own first reads (EARLY_READS_LINK) and the remote's manifest.
import { stat, readFile } from 'node:fs/promises';
import path from 'node:path';
import { federationName, remoteRouteFor, type RemoteName } from '@lakorn/contracts';
import { localRemoteDir, REMOTE_NAMES } from './remotes';

interface ManifestFiles {
  remoteEntry?: { name?: string };
}
interface Manifest {
  metaData?: ManifestFiles;
  exposes?: { path?: string; assets?: { js?: { sync?: string[] } } }[];
}

/** The module the shell loads from a remote for a page (shell/src/routing/RemotePage.tsx). */
const PAGE_MODULE = './App';

/** The files of a remote's page module, as URLs under its manifest's folder. */
function filesOf(manifest: Manifest, base: string): string[] {
  const entry = manifest.metaData?.remoteEntry?.name;
  const page = manifest.exposes?.find((e) => e.path === PAGE_MODULE)?.assets?.js?.sync ?? [];
  return [...(entry ? [entry] : []), ...page].filter((f) => /^[\w.-]+\.js$/.test(f)).map((f) => `${base}/${f}`);
}

/** One preload: a fetch in the mode its `fetch()` asks in, a script at low priority, or a font (fonts are fetched in cors mode). */
export type Preload =
  | { href: string; as: 'fetch'; crossorigin: 'anonymous' | 'use-credentials' }
  | { href: string; as: 'script'; fetchpriority: 'low' }
  | { href: string; as: 'font'; type: 'font/woff2'; crossorigin: 'anonymous' };

/** As a `Link` header's value (a value that is not an HTTP token, `font/woff2`, quoted). */
export function linkHeader(preloads: readonly Preload[]): string {
  const param = (value: string) => (/^[\w!#$%&'*+.^`|~-]+$/.test(value) ? value : `"${value}"`);
  return preloads.map(({ href, ...attributes }) => [`<${href}>`, 'rel=preload', ...Object.entries(attributes).map(([k, v]) => `${k}=${param(v)}`)].join('; ')).join(', ');
}

/** As `<link>` elements (hrefs are our own paths: /api, /remotes.json, a remote's built files). */
export function linkTags(preloads: readonly Preload[]): string {
  const attribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
  return preloads.map(({ href, ...attributes }) => `<link rel="preload" href="${attribute(href)}"${Object.entries(attributes).map(([k, v]) => ` ${k}="${v}"`).join('')}>`).join('');
}

/**
 * The font preloads a built page's head names (shell/pwa/plugin.js FIRST_PAINT_FACES), to send
 * again as its Link header: the browser then asks for them when the response's headers arrive,
 * not after it has committed the page and its parser has reached the head. Chromium holds the
 * first rendering at most 50 ms for those fonts; asked for by the parser, on a slow minute of this
 * host they came after the first layout, which then searched the system's fonts for every Thai
 * character (bench/README.md "lighthouse").
 */
export function fontPreloadsIn(html: string): Preload[] {
  const head = html.slice(0, Math.max(0, html.indexOf('</head>')));
  return [...head.matchAll(/<link\b([^>]*)>/g)].flatMap(([, attributes]): Preload[] => {
    const value = (name: string) => new RegExp(`(?:^|\\s)${name}=(?:"([^"]*)"|'([^']*)'|([^\\s"'>]+))`).exec(attributes ?? '')?.slice(1).find((v) => v !== undefined);
    const href = value('href');
    return value('rel') === 'preload' && value('as') === 'font' && href?.startsWith('/') ? [{ href, as: 'font', type: 'font/woff2', crossorigin: 'anonymous' }] : [];
  });
}

/**
 * Answers a member's page's preloads by its path (none for a page no remote of this gateway draws).
 * Each remote's manifest is read again only when its file changed (a remote deploys alone,
 * ARCHITECTURE §9).
 */
export function pagePreloads(options: { webRoot: string; remotes: Record<RemoteName, string> }): (pathname: string) => Promise<Preload[]> {
  const cache = new Map<RemoteName, { mtimeMs: number; files: string[] }>();
  const byFederationName = new Map(REMOTE_NAMES.map((name) => [federationName(name), name]));

  async function filesFor(name: RemoteName): Promise<string[]> {
    const dir = localRemoteDir(options.webRoot, options.remotes, name);
    if (!dir) return [];
    const file = path.join(dir, 'mf-manifest.json');
    const stats = await stat(file).catch(() => null);
    if (!stats) return [];
    const known = cache.get(name);
    if (known && known.mtimeMs === stats.mtimeMs) return known.files;
    const manifest = JSON.parse(await readFile(file, 'utf8').catch(() => '{}')) as Manifest;
    const files = filesOf(manifest, `/remotes/${name}`);
    cache.set(name, { mtimeMs: stats.mtimeMs, files });
    return files;
  }

  return async (pathname) => {
    const route = remoteRouteFor(pathname);
    const name = route && route.gate === 'member' ? byFederationName.get(route.remote) : undefined;
    if (!name) return [];
    const files = await filesFor(name).catch(() => []);
    if (!files.length) return [];
    // The manifest is what the federation runtime reads first (a plain fetch: crossorigin
    // anonymous matches it); the scripts at low priority: fetched beside the shell's start, never
    // ahead of it (the page paints first).
    return [{ href: options.remotes[name], as: 'fetch', crossorigin: 'anonymous' }, ...files.map((href): Preload => ({ href, as: 'script', fetchpriority: 'low' }))];
  };
}

/**
 * The start's two first reads (shell/src/earlyReads.ts), asked for by the document for a member's
 * page load: they travel beside the shell's scripts instead of after main.js has arrived and run
 * (bench/README.md "lighthouse"). The session is read with credentials 'include' (use-credentials
 * matches it), /remotes.json with 'same-origin' (anonymous, as a `fetch()` with the default
 * credentials takes it up); a preload whose credentials differ from its fetch's is not taken up
 * and the browser asks again (the bundle-budget journey checks each is asked for once).
 */
export const EARLY_READS: readonly Preload[] = [
  { href: '/api/auth/session', as: 'fetch', crossorigin: 'use-credentials' },
  { href: '/remotes.json', as: 'fetch', crossorigin: 'anonymous' },
];
