import path from 'node:path';
import { Router, type Request } from 'express';
import { CharacterShare } from '@lakorn/contracts';
import type { Logger } from '@lakorn/service-kit';
import { sendHtml, shellTemplate } from './htmlPage';

// Share links (README "Share pages"): /c/{id} is the shell's page, so the
// browser opens the character sheet, with Open Graph and Twitter meta filled in for a link
// preview (LINE, Facebook, X read them; none runs our JavaScript). Only a public, visible,
// all-ages character is named; anything else is the shell's page with 404 and no name in it.
// The character comes from catalog's GET /internal/characters/{id}/share; each answer (a 404
// too) is kept SHARE_CACHE_TTL_MS per character and dropped at once when a change to it passes
// through this gateway (routeTable SHARE_PAGE_CHANGES; README "Share pages").

/** A character id as the catalog stores them (contracts Id); anything else is not looked up. */
const SHARE_ID = /^[A-Za-z0-9_-]{1,200}$/;
/** What a preview shows of the description: link previews cut around 200 characters anyway. */
const DESCRIPTION_MAX = 200;
/** The shell's icon, for a character without an image (shell/pwa/icons.js draws it). */
const FALLBACK_IMAGE = '/icons/icon-512.png';
const SITE_NAME = 'ละคร';
const CATALOG_TIMEOUT_MS = 3_000;

export interface SharePageOptions {
  webRoot: string;
  catalogUrl: string;
  /** PUBLIC_URL: the origin absolute URLs name; unset, the request's own origin. */
  publicUrl?: string;
  ttlMs: number;
  maxEntries: number;
  logger: Logger;
  now?: () => number;
}

type Lookup = { share: CharacterShare | null; at: number };

/** Text for an HTML attribute or element: the five characters HTML gives meaning, as entities. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
}

/** At most `max` code points (a Thai name is never cut inside a character), with an ellipsis when cut. */
function clip(text: string, max: number): string {
  const points = Array.from(text.replace(/\s+/g, ' ').trim());
  return points.length <= max ? points.join('') : `${points.slice(0, max - 1).join('')}…`;
}

/** The head of the shell's page for one character: title, description, Open Graph and Twitter. */
export function shareHead(share: CharacterShare, origin: string): { title: string; description: string; tags: string } {
  const title = `${share.name} · ${SITE_NAME}`;
  const description = clip(share.description, DESCRIPTION_MAX) || `คุยกับ ${share.name} บน${SITE_NAME}`;
  const image = share.imageUrl.startsWith('/') ? `${origin}${share.imageUrl}` : share.imageUrl || `${origin}${FALLBACK_IMAGE}`;
  const url = `${origin}/c/${encodeURIComponent(share.id)}`;
  const meta = (attribute: 'property' | 'name', key: string, value: string) => `<meta ${attribute}="${key}" content="${escapeHtml(value)}">`;
  const tags = [
    meta('property', 'og:type', 'website'),
    meta('property', 'og:site_name', SITE_NAME),
    meta('property', 'og:locale', 'th_TH'),
    meta('property', 'og:title', share.name),
    meta('property', 'og:description', description),
    meta('property', 'og:image', image),
    meta('property', 'og:image:alt', share.name),
    meta('property', 'og:url', url),
    meta('name', 'twitter:card', 'summary_large_image'),
    meta('name', 'twitter:title', share.name),
    meta('name', 'twitter:description', description),
    meta('name', 'twitter:image', image),
    `<link rel="canonical" href="${escapeHtml(url)}">`,
  ].join('');
  return { title, description, tags };
}

const TITLE = /<title>[^<]*<\/title>/i;
const DESCRIPTION = /<meta\s+name=["']?description["']?\s[^>]*>/i;

/**
 * The shell's index.html with `title`, `description` and extra head tags in place of its own
 * (the shell's build writes one title and one description meta, shell/src/index.html).
 */
export function fillShellPage(html: string, head: { title: string; description?: string; tags: string }): string {
  const title = `<title>${escapeHtml(head.title)}</title>`;
  const description = head.description === undefined ? '' : `<meta name="description" content="${escapeHtml(head.description)}">`;
  let page = TITLE.test(html) ? html.replace(TITLE, () => title) : html;
  page = page.replace(DESCRIPTION, () => '');
  const added = `${TITLE.test(html) ? '' : title}${description}${head.tags}`;
  // A function replacement: `$` in a character's name is text, not a pattern.
  if (/<\/head>/i.test(page)) return page.replace(/<\/head>/i, () => `${added}</head>`);
  return page.replace(/<body/i, () => `${added}<body`);
}

/** The share pages' router and the hook that forgets a changed character. */
export function sharePages(options: SharePageOptions): { router: Router; forget: (character: string) => void } {
  const now = options.now ?? Date.now;
  const indexHtml = path.join(options.webRoot, 'shell', 'dist', 'index.html');
  const lookups = new Map<string, Lookup>();
  const pending = new Map<string, Promise<CharacterShare | null>>();
  // Bumped by every change: a read that started before it is not kept (it may be the old one).
  let generation = 0;
  /** index.html as the last shell build wrote it. */
  const shellPage = shellTemplate(indexHtml);

  async function fetchShare(id: string): Promise<CharacterShare | null> {
    const response = await fetch(`${options.catalogUrl}/internal/characters/${encodeURIComponent(id)}/share`, {
      signal: AbortSignal.timeout(CATALOG_TIMEOUT_MS),
    });
    if (response.status === 404 || response.status === 400) return null;
    if (!response.ok) throw new Error(`catalog answered ${response.status}`);
    return CharacterShare.parse(await response.json());
  }

  /** The character's share, from the copy while it is fresh; one catalog read per id at a time. */
  async function lookup(id: string): Promise<CharacterShare | null> {
    const kept = lookups.get(id);
    if (kept && now() - kept.at < options.ttlMs) return kept.share;
    const inFlight = pending.get(id);
    if (inFlight) return inFlight;
    const started = generation;
    const read = fetchShare(id)
      .then((share) => {
        if (started === generation) {
          lookups.delete(id);
          lookups.set(id, { share, at: now() });
          // The oldest entry goes first (a Map keeps insertion order).
          if (lookups.size > options.maxEntries) lookups.delete(lookups.keys().next().value as string);
        }
        return share;
      })
      .finally(() => pending.delete(id));
    pending.set(id, read);
    return read;
  }

  function originOf(req: Request): string {
    return options.publicUrl ? new URL(options.publicUrl).origin : `${req.protocol}://${req.get('host') ?? 'localhost'}`;
  }

  const router = Router();
  router.get('/c/:id', async (req, res, next) => {
    const page = await shellPage();
    if (page === undefined) {
      next(); // the web routes say the shell is not built yet
      return;
    }
    const id = req.params.id;
    let share: CharacterShare | null;
    try {
      share = SHARE_ID.test(id) ? await lookup(id) : null;
    } catch (error) {
      options.logger.warn({ err: error instanceof Error ? error.message : String(error), characterId: id }, 'share page: catalog did not answer');
      // The member still gets the app (the sheet loads through the API); a preview comes later.
      res.setHeader('Retry-After', '30');
      await sendHtml(req, res, 503, fillShellPage(page, { title: `${SITE_NAME}`, tags: '<meta name="robots" content="noindex">' }));
      return;
    }
    if (!share) {
      // The shell still loads (its sheet shows the Thai not-found state); no character is named.
      await sendHtml(req, res, 404, fillShellPage(page, { title: `ไม่พบตัวละคร · ${SITE_NAME}`, tags: '<meta name="robots" content="noindex">' }));
      return;
    }
    await sendHtml(req, res, 200, fillShellPage(page, shareHead(share, originOf(req))));
  });

  return {
    router,
    forget(character: string) {
      generation++;
      if (character === 'all') {
        lookups.clear();
        return;
      }
      try {
        lookups.delete(decodeURIComponent(character));
      } catch {
        lookups.clear();
      }
    },
  };
}
