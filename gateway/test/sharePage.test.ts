import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import express from 'express';
import request from 'supertest';
import type { CharacterShare } from '@lakorn/contracts';
import { listenLocally, sessionCookie, testActor } from '@lakorn/service-kit/testing';
import { deadUrl } from './support/fakeServices';
import { testGateway } from './support/gateway';

// Share links (README "Share pages"): /c/{id} is the shell's page with the character's link
// preview meta, escaped, cached per character, and only for what catalog's share read answers;
// anything else is a 404 page that names no character.

/** The shell's index.html as its production build writes it (minified, unquoted attributes). */
const INDEX =
  '<!doctype html><html lang=th><head><meta charset=utf-8><meta name=description content="Lakorn (ละคร) — คุยกับตัวละคร AI หลากหลายบุคลิก"><title>Lakorn · ละคร</title><script defer src=/main.402ea51c.js></script></head><body><div id=root></div></body></html>';

const HOSTILE = 'มีนา "<script>alert(1)</script>" & \'ยิ้ม\' $& $1';
const IMAGE = '/character-images/0123456789abcdef01234567.png';

/** A catalog stand-in answering the share read from `shares`, counting reads per id. */
async function startCatalog() {
  const shares = new Map<string, CharacterShare | 'down'>();
  const reads = new Map<string, number>();
  const changes: string[] = [];
  const app = express();
  app.get('/internal/characters/:id/share', (req, res) => {
    const id = req.params.id;
    reads.set(id, (reads.get(id) ?? 0) + 1);
    const share = shares.get(id);
    if (share === 'down') res.status(500).json({ message: 'broken' });
    else if (share) res.json(share);
    else res.status(404).json({ message: 'Character not found', code: 'NOT_FOUND' });
  });
  app.use((req, res) => {
    changes.push(`${req.method} ${req.originalUrl}`);
    const failing = req.originalUrl.includes('refused');
    res.status(failing ? 403 : 200).json({ ok: !failing });
  });
  const { url, close } = await listenLocally(app);
  return {
    url,
    shares,
    reads: (id: string) => reads.get(id) ?? 0,
    changes,
    close,
  };
}

describe('share pages /c/{id}', () => {
  let catalog: Awaited<ReturnType<typeof startCatalog>>;
  let webRoot: string;
  let app: ReturnType<typeof testGateway>;
  const cookie = sessionCookie(testActor());

  beforeAll(async () => {
    catalog = await startCatalog();
    webRoot = mkdtempSync(path.join(tmpdir(), 'lakorn-gateway-share-'));
    mkdirSync(path.join(webRoot, 'shell', 'dist'), { recursive: true });
    writeFileSync(path.join(webRoot, 'shell', 'dist', 'index.html'), INDEX);
    // Twins as the build writes them: /c/{id} must not be answered with the plain shell's twin.
    writeFileSync(path.join(webRoot, 'shell', 'dist', 'index.html.br'), brotliCompressSync(INDEX));
    writeFileSync(path.join(webRoot, 'shell', 'dist', 'index.html.gz'), gzipSync(INDEX));
    const dead = await deadUrl();
    app = testGateway(
      { urls: { identity: dead, catalog: catalog.url, chat: dead, wallet: dead, checkin: dead } },
      { WEB_ROOT: webRoot, PUBLIC_URL: 'https://lakorn.example', SHARE_CACHE_TTL_MS: '60000' },
    );
  });
  afterAll(async () => {
    await catalog.close();
    rmSync(webRoot, { recursive: true, force: true });
  });

  const share = (id: string, overrides: Partial<CharacterShare> = {}): CharacterShare => {
    const value = { id, name: 'ต้นกล้า', description: 'เพื่อนร่วมทางผู้ร่าเริงจากเชียงใหม่', imageUrl: IMAGE, ...overrides };
    catalog.shares.set(id, value);
    return value;
  };

  /** The value of `<meta property|name="key" content="…">` in a page. */
  const metaOf = (html: string, key: string) => new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)">`).exec(html)?.[1];

  it('fills the shell page with Open Graph and Twitter meta for a public all-ages character', async () => {
    share('aaaaaaaaaaaaaaaaaaaaaa01');
    const res = await request(app).get('/c/aaaaaaaaaaaaaaaaaaaaaa01').set('Accept-Encoding', 'br, gzip');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    // Its own page compressed (gateway web/htmlPage.ts), not the plain shell's twin.
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('no-cache');
    const html = res.text;
    expect(html).toContain('<title>ต้นกล้า · ละคร</title>');
    expect(metaOf(html, 'og:title')).toBe('ต้นกล้า');
    expect(metaOf(html, 'og:description')).toBe('เพื่อนร่วมทางผู้ร่าเริงจากเชียงใหม่');
    expect(metaOf(html, 'og:image')).toBe(`https://lakorn.example${IMAGE}`);
    expect(metaOf(html, 'og:url')).toBe('https://lakorn.example/c/aaaaaaaaaaaaaaaaaaaaaa01');
    expect(metaOf(html, 'og:type')).toBe('website');
    expect(metaOf(html, 'twitter:card')).toBe('summary_large_image');
    expect(metaOf(html, 'twitter:title')).toBe('ต้นกล้า');
    expect(metaOf(html, 'twitter:image')).toBe(`https://lakorn.example${IMAGE}`);
    // One title and one description: the shell's own are replaced, not repeated.
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html.match(/name="?description"?/g)).toHaveLength(1);
    expect(metaOf(html, 'description')).toBe('เพื่อนร่วมทางผู้ร่าเริงจากเชียงใหม่');
    // Still the shell: the same script boots the app, which opens the character sheet.
    expect(html).toContain('<script defer src=/main.402ea51c.js></script>');
    expect(html).toContain('<div id=root></div>');
  });

  it('escapes a hostile name and description exactly: quotes, angle brackets, ampersands, apostrophes and Thai', async () => {
    share('aaaaaaaaaaaaaaaaaaaaaa02', { name: HOSTILE, description: `${HOSTILE} บรรยาย` });
    const html = (await request(app).get('/c/aaaaaaaaaaaaaaaaaaaaaa02')).text;
    const escaped = 'มีนา &quot;&lt;script&gt;alert(1)&lt;/script&gt;&quot; &amp; &#39;ยิ้ม&#39; $&amp; $1';
    expect(html).toContain(`<title>${escaped} · ละคร</title>`);
    expect(metaOf(html, 'og:title')).toBe(escaped);
    expect(metaOf(html, 'twitter:title')).toBe(escaped);
    expect(metaOf(html, 'og:description')).toBe(`${escaped} บรรยาย`);
    expect(html).not.toContain('<script>alert(1)');
    // Exactly one script element: the shell's.
    expect(html.match(/<script/g)).toHaveLength(1);
    // Decoded, the browser reads the name exactly.
    const decoded = metaOf(html, 'og:title')!.replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&#39;/g, "'").replace(/&amp;/g, '&');
    expect(decoded).toBe(HOSTILE);
  });

  it('answers 404 with the shell page and no character name for what catalog does not share (private, hidden, 18+, unknown)', async () => {
    // Catalog refuses all four alike (services/catalog test share.api): the gateway sees a 404.
    const res = await request(app).get('/c/bbbbbbbbbbbbbbbbbbbbbb01');
    expect(res.status).toBe(404);
    expect(res.text).toContain('<div id=root></div>');
    expect(res.text).toContain('<title>ไม่พบตัวละคร · ละคร</title>');
    expect(res.text).toContain('<meta name="robots" content="noindex">');
    expect(res.text).not.toContain('og:');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('answers a character that became private or hidden with 404 and without its name once the copy is dropped', async () => {
    share('aaaaaaaaaaaaaaaaaaaaaa03', { name: 'ชื่อที่ต้องหายไป' });
    expect((await request(app).get('/c/aaaaaaaaaaaaaaaaaaaaaa03')).text).toContain('ชื่อที่ต้องหายไป');
    catalog.shares.delete('aaaaaaaaaaaaaaaaaaaaaa03');
    // An admin hides it through this gateway: the copy goes at once.
    expect((await request(app).put('/api/admin/characters/aaaaaaaaaaaaaaaaaaaaaa03/moderation').set('Cookie', cookie).send({ hidden: true })).status).toBe(200);
    const after = await request(app).get('/c/aaaaaaaaaaaaaaaaaaaaaa03');
    expect(after.status).toBe(404);
    expect(after.text).not.toContain('ชื่อที่ต้องหายไป');
  });

  it('reads catalog once per character while the copy is fresh, also for requests at the same moment', async () => {
    share('aaaaaaaaaaaaaaaaaaaaaa04');
    const answers = await Promise.all(Array.from({ length: 5 }, () => request(app).get('/c/aaaaaaaaaaaaaaaaaaaaaa04')));
    expect(answers.every((r) => r.status === 200)).toBe(true);
    expect((await request(app).get('/c/aaaaaaaaaaaaaaaaaaaaaa04')).status).toBe(200);
    expect(catalog.reads('aaaaaaaaaaaaaaaaaaaaaa04')).toBe(1);
    // An unknown id is kept too, so a flood of one link does not reach catalog each time.
    await request(app).get('/c/bbbbbbbbbbbbbbbbbbbbbb02');
    await request(app).get('/c/bbbbbbbbbbbbbbbbbbbbbb02');
    expect(catalog.reads('bbbbbbbbbbbbbbbbbbbbbb02')).toBe(1);
  });

  it('drops the copy when the owner edits or deletes the character through the gateway, not when the change is refused', async () => {
    share('aaaaaaaaaaaaaaaaaaaaaa05', { name: 'ชื่อเดิม' });
    expect((await request(app).get('/c/aaaaaaaaaaaaaaaaaaaaaa05')).text).toContain('ชื่อเดิม');
    share('aaaaaaaaaaaaaaaaaaaaaa05', { name: 'ชื่อใหม่' });
    expect((await request(app).get('/c/aaaaaaaaaaaaaaaaaaaaaa05')).text).toContain('ชื่อเดิม'); // still fresh
    await request(app).put('/api/characters/aaaaaaaaaaaaaaaaaaaaaa05').set('Cookie', cookie).send({ name: 'ชื่อใหม่' });
    expect((await request(app).get('/c/aaaaaaaaaaaaaaaaaaaaaa05')).text).toContain('ชื่อใหม่');
    expect(catalog.reads('aaaaaaaaaaaaaaaaaaaaaa05')).toBe(2);

    catalog.shares.delete('aaaaaaaaaaaaaaaaaaaaaa05');
    await request(app).delete('/api/characters/aaaaaaaaaaaaaaaaaaaaaa05').set('Cookie', cookie);
    expect((await request(app).get('/c/aaaaaaaaaaaaaaaaaaaaaa05')).status).toBe(404);

    // A refused change (the stand-in answers 403 for "refused") keeps the copy.
    share('refused', { name: 'คงเดิม' });
    await request(app).get('/c/refused');
    await request(app).put('/api/characters/refused').set('Cookie', cookie).send({});
    await request(app).get('/c/refused');
    expect(catalog.reads('refused')).toBe(1);
  });

  it('drops every copy when a report is resolved (the path does not name the character)', async () => {
    share('aaaaaaaaaaaaaaaaaaaaaa06');
    await request(app).get('/c/aaaaaaaaaaaaaaaaaaaaaa06');
    await request(app).post('/api/admin/reports/r1/resolve').set('Cookie', cookie).send({ action: 'hide' });
    await request(app).get('/c/aaaaaaaaaaaaaaaaaaaaaa06');
    expect(catalog.reads('aaaaaaaaaaaaaaaaaaaaaa06')).toBe(2);
  });

  it('reads catalog again after the time to live, so a change made through another gateway shows', async () => {
    const shortLived = testGateway(
      { urls: { identity: catalog.url, catalog: catalog.url, chat: catalog.url, wallet: catalog.url, checkin: catalog.url } },
      { WEB_ROOT: webRoot, SHARE_CACHE_TTL_MS: '150' },
    );
    share('aaaaaaaaaaaaaaaaaaaaaa07', { name: 'ก่อนซ่อน' });
    expect((await request(shortLived).get('/c/aaaaaaaaaaaaaaaaaaaaaa07')).status).toBe(200);
    catalog.shares.delete('aaaaaaaaaaaaaaaaaaaaaa07');
    expect((await request(shortLived).get('/c/aaaaaaaaaaaaaaaaaaaaaa07')).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const later = await request(shortLived).get('/c/aaaaaaaaaaaaaaaaaaaaaa07');
    expect(later.status).toBe(404);
    expect(later.text).not.toContain('ก่อนซ่อน');
  });

  it("names the request's own origin in absolute URLs when PUBLIC_URL is unset, and the shell icon for a character without an image", async () => {
    const local = testGateway({ urls: { identity: catalog.url, catalog: catalog.url, chat: catalog.url, wallet: catalog.url, checkin: catalog.url } }, { WEB_ROOT: webRoot, ALLOWED_HOSTS: 'localhost' });
    share('aaaaaaaaaaaaaaaaaaaaaa08', { imageUrl: '' });
    const html = (await request(local).get('/c/aaaaaaaaaaaaaaaaaaaaaa08').set('Host', 'localhost:8080')).text;
    expect(metaOf(html, 'og:image')).toBe('http://localhost:8080/icons/icon-512.png');
    expect(metaOf(html, 'og:url')).toBe('http://localhost:8080/c/aaaaaaaaaaaaaaaaaaaaaa08');
  });

  it('answers the shell page with 503 and no name when catalog fails, and keeps nothing', async () => {
    catalog.shares.set('aaaaaaaaaaaaaaaaaaaaaa09', 'down');
    const res = await request(app).get('/c/aaaaaaaaaaaaaaaaaaaaaa09');
    expect(res.status).toBe(503);
    expect(res.text).toContain('<div id=root></div>');
    expect(res.text).not.toContain('og:title');
    share('aaaaaaaaaaaaaaaaaaaaaa09');
    expect((await request(app).get('/c/aaaaaaaaaaaaaaaaaaaaaa09')).status).toBe(200);
  });

  it('never sends a malformed id to catalog, and never proxies catalog’s /internal read', async () => {
    const odd = await request(app).get('/c/..%2f..%2finternal');
    expect(odd.status).toBe(404);
    expect((await request(app).get('/c/%3Cscript%3E')).text).not.toContain('<script>');
    // /internal is no route of the gateway's: the shell's page answers it, catalog is never asked.
    share('aaaaaaaaaaaaaaaaaaaaaa10', { name: 'ไม่ควรรั่ว' });
    const internal = await request(app).get('/internal/characters/aaaaaaaaaaaaaaaaaaaaaa10/share');
    expect(internal.text).not.toContain('ไม่ควรรั่ว');
    expect(catalog.reads('aaaaaaaaaaaaaaaaaaaaaa10')).toBe(0);
  });

  it('still serves the plain shell (and its precompressed twin) on other paths', async () => {
    const res = await request(app).get('/library').set('Accept-Encoding', 'br');
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.text).toBe(INDEX);
  });
});
