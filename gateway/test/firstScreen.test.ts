import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import express from 'express';
import request from 'supertest';
import { listenLocally, sessionCookie, testActor } from '@lakorn/service-kit/testing';
import { deadUrl } from './support/fakeServices';
import { testGateway } from './support/gateway';

// The home's first screen from the server (README "First screen from the server"): a member's page
// load of `/` is index.html with the screen mf-discover's server module draws from the catalog's
// answers to the member's own session, in the session's discover order; anything that fails or is
// slow leaves index.html as built.

/** The shell's index.html and home.html as its production build writes them (minified, unquoted attributes; shell/webpack.home.js). */
const INDEX = '<!doctype html><html lang=th><head><title>Lakorn · ละคร</title><script defer src=/main.402ea51c.js></script></head><body><div id=root><div class=start></div></div></body></html>';
const HOME =
  '<!doctype html><html lang=th><head><link rel=preload href=/assets/noto-sans-thai-thai-400-normal.7b93b282.woff2 as=font type=font/woff2 crossorigin=anonymous><link rel=preload href=/assets/noto-sans-thai-latin-700-normal.d666683f.woff2 as=font type=font/woff2 crossorigin=anonymous><title>Lakorn · ละคร</title><template id=app-start><script defer src=/main.402ea51c.js></script></template><script defer src=/island/start.1a2b3c4d.js></script></head><body><div id=root><div class=start></div></div></body></html>';
/** The start's two reads, as a member's page load asks for them (gateway pagePreloads.ts EARLY_READS). */
const EARLY_READ_TAGS = '<link rel="preload" href="/api/auth/session" as="fetch" crossorigin="use-credentials"><link rel="preload" href="/remotes.json" as="fetch" crossorigin="anonymous">';

/**
 * A server module as createServerConfig builds one (CommonJS, reads + render), drawing the names
 * its answers hold (escaped, as React does), so a test sees which answers reached it. `mark` tells builds apart.
 */
function serverModule(mark: string): string {
  return `
exports.reads = (seed) => ['/api/characters/public?seed=' + seed + '&sort=popular&limit=10', '/api/characters/public?seed=' + seed];
exports.render = (seed, answers) => ({
  html: '<main data-build="${mark}" data-seed="' + seed + '">' + Object.values(answers).map((a) => a.characters.map((c) => c.name.replace(/</g, '&lt;')).join(',')).join('|') + '</main>',
  css: '.card{color:red}</style><script>x</script>',
});`;
}

/** A catalog stand-in for the public listing: what it was asked (path and cookie), answering after `delayMs` with `status`. */
async function startCatalog() {
  const asked: { path: string; cookie?: string }[] = [];
  const behaviour: { status: number; delayMs: number; name?: string } = { status: 200, delayMs: 0 };
  const app = express();
  app.get('/api/characters/public', (req, res) => {
    asked.push({ path: req.originalUrl, cookie: req.headers.cookie });
    const name = behaviour.name ?? (req.query.sort === 'popular' ? 'ดาวเด่น' : 'มีนา');
    setTimeout(() => res.status(behaviour.status).json({ characters: [{ id: 'c1', name }], nextCursor: null }), behaviour.delayMs);
  });
  const { url, close } = await listenLocally(app);
  return {
    url,
    asked,
    behaviour,
    close,
  };
}

describe("the home's first screen from the server", () => {
  let catalog: Awaited<ReturnType<typeof startCatalog>>;
  let webRoot: string;
  let app: ReturnType<typeof testGateway>;
  const member = sessionCookie(testActor());
  const serverFile = () => path.join(webRoot, 'mf-discover', 'dist-server', 'first-screen.js');

  beforeAll(async () => {
    catalog = await startCatalog();
    webRoot = mkdtempSync(path.join(tmpdir(), 'lakorn-gateway-first-screen-'));
    const write = (file: string, content: string) => {
      mkdirSync(path.dirname(path.join(webRoot, file)), { recursive: true });
      writeFileSync(path.join(webRoot, file), content);
    };
    write('shell/dist/index.html', INDEX);
    write('shell/dist/home.html', HOME);
    write('mf-discover/dist/mf-manifest.json', JSON.stringify({ metaData: { remoteEntry: { name: 'remoteEntry.5e6f7a8b.js' } }, exposes: [{ path: './App', assets: { js: { sync: ['app.0a1b2c3d.js'] } } }] }));
    write('mf-discover/dist-server/first-screen.js', serverModule('one'));
    const dead = await deadUrl();
    app = testGateway({ urls: { identity: dead, catalog: catalog.url, chat: dead, wallet: dead, checkin: dead } }, { WEB_ROOT: webRoot, FIRST_SCREEN_TIMEOUT_MS: '300' });
  });
  afterAll(async () => {
    await catalog.close();
    rmSync(webRoot, { recursive: true, force: true });
  });
  beforeEach(() => {
    catalog.asked.length = 0;
    catalog.behaviour.status = 200;
    catalog.behaviour.delayMs = 0;
    catalog.behaviour.name = undefined;
  });

  test("a member's page load of / is home.html with the screen drawn from the catalog's answers to the member's own session, hidden from assistive technology but not inert (its cards are links a tap follows before any script), before #root", async () => {
    const res = await request(app).get('/').set('Cookie', `${member}; lakorn_seed=4242`);
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.text).toContain('<div id="first-screen" aria-hidden="true"><style>');
    expect(res.text.indexOf('id="first-screen"')).toBeLessThan(res.text.indexOf('<div id=root>'));
    expect(res.text).toContain('<script defer src=/island/start.1a2b3c4d.js>');
    expect(res.text).toContain('<main data-build="one" data-seed="4242">ดาวเด่น|มีนา</main>');
    // The member's reads as their browser would make them: their session, their seed.
    expect(catalog.asked.map((a) => a.path).sort()).toEqual(['/api/characters/public?seed=4242', '/api/characters/public?seed=4242&sort=popular&limit=10']);
    for (const asked of catalog.asked) expect(asked.cookie).toContain(member);
    // Nothing in the styles ends the style element.
    expect(res.text).not.toContain('</style><script>x');
    // The answers it was drawn from, for the page to take as its own first reads.
    const data = /<script type="application\/json" id="first-screen-data">(.*?)<\/script><\/div>/.exec(res.text)?.[1];
    expect(JSON.parse(data ?? 'null')).toEqual({
      '/api/characters/public?seed=4242&sort=popular&limit=10': { characters: [{ id: 'c1', name: 'ดาวเด่น' }], nextCursor: null },
      '/api/characters/public?seed=4242': { characters: [{ id: 'c1', name: 'มีนา' }], nextCursor: null },
    });
  });

  test("a member's text in the answers cannot end the data block (every < escaped, the same JSON)", async () => {
    catalog.behaviour.name = '</script><script>alert(1)</script>';
    const res = await request(app).get('/').set('Cookie', member);
    expect(res.text).not.toContain('<script>alert(1)');
    const data = /<script type="application\/json" id="first-screen-data">(.*?)<\/script><\/div>/.exec(res.text)?.[1] ?? '';
    expect(data).toContain('\\u003c/script>');
    expect(Object.values(JSON.parse(data) as Record<string, { characters: { name: string }[] }>)[0]?.characters[0]?.name).toBe('</script><script>alert(1)</script>');
  });

  test('keeps the browser session\'s discover seed, and gives a browser without one a session cookie holding the seed it drew with', async () => {
    const kept = await request(app).get('/').set('Cookie', `${member}; lakorn_seed=77`);
    expect(kept.headers['set-cookie']).toBeUndefined();
    expect(kept.text).toContain('data-seed="77"');

    const fresh = await request(app).get('/').set('Cookie', member);
    const cookie = String(fresh.headers['set-cookie']);
    const seed = /^lakorn_seed=(\d+); Path=\/; SameSite=Lax$/.exec(cookie)?.[1];
    expect(seed).toBeDefined();
    // No expiry: the seed lasts the browser session (spec §2's random order stays steady in it).
    expect(fresh.text).toContain(`data-seed="${seed}"`);
    expect(catalog.asked.some((a) => a.path === `/api/characters/public?seed=${seed}`)).toBe(true);

    // A seed out of range is not the browser's: a new one is drawn.
    const bad = await request(app).get('/').set('Cookie', `${member}; lakorn_seed=99999999999`);
    expect(String(bad.headers['set-cookie'])).toMatch(/^lakorn_seed=\d+;/);
  });

  test("holds the page's preloads back with its scripts, in home.html's start, and sends only its fonts in the Link header, asked for before the page is parsed", async () => {
    const res = await request(app).get('/').set('Cookie', member);
    // The screen's first layout needs its fonts; the start's reads and scripts would take the
    // bandwidth of its pictures.
    expect(res.headers.link).toBe(
      '</assets/noto-sans-thai-thai-400-normal.7b93b282.woff2>; rel=preload; as=font; type="font/woff2"; crossorigin=anonymous, ' +
        '</assets/noto-sans-thai-latin-700-normal.d666683f.woff2>; rel=preload; as=font; type="font/woff2"; crossorigin=anonymous',
    );
    const remote =
      '<link rel="preload" href="/remotes/mf-discover/mf-manifest.json" as="fetch" crossorigin="anonymous">' +
      '<link rel="preload" href="/remotes/mf-discover/remoteEntry.5e6f7a8b.js" as="script" fetchpriority="low">' +
      '<link rel="preload" href="/remotes/mf-discover/app.0a1b2c3d.js" as="script" fetchpriority="low">';
    expect(res.text).toContain(`<template id=app-start>${EARLY_READ_TAGS}${remote}<script defer src=/main.402ea51c.js></script></template>`);
  });

  test('a shell build without home.html gets index.html as built, with its preloads in the Link header, and asks the catalog nothing', async () => {
    rmSync(path.join(webRoot, 'shell', 'dist', 'home.html'));
    try {
      const res = await request(app).get('/').set('Cookie', member);
      expect(res.text).toBe(INDEX);
      expect(res.headers.link).toContain('</api/auth/session>; rel=preload; as=fetch; crossorigin=use-credentials');
      // Nowhere to put a first screen: nothing asked of the catalog, no seed handed out.
      expect(catalog.asked).toEqual([]);
      expect(res.headers['set-cookie']).toBeUndefined();
    } finally {
      writeFileSync(path.join(webRoot, 'shell', 'dist', 'home.html'), HOME);
    }
  });

  test('is sent brotli to a browser that accepts it, saying so (Vary)', async () => {
    const res = await request(app).get('/').set('Cookie', member).set('Accept-Encoding', 'br');
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toMatch(/Accept-Encoding/);
    // The client decodes it by its Content-Encoding.
    expect(res.text).toContain('id="first-screen"');
    const plain = await request(app).get('/').set('Cookie', member).set('Accept-Encoding', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.text).toContain('id="first-screen"');
  });

  test('a signed-out visit, a forged session and every other page get index.html as built, and ask the catalog nothing', async () => {
    expect((await request(app).get('/')).text).toBe(INDEX);
    expect((await request(app).get('/').set('Cookie', 'lakorn_session=forged.token.value')).text).toBe(INDEX);
    for (const page of ['/library', '/news', '/create-character', '/transactions']) {
      expect((await request(app).get(page).set('Cookie', member)).text).toBe(INDEX);
    }
    expect(catalog.asked).toEqual([]);
  });

  test('a catalog that fails or answers later than FIRST_SCREEN_TIMEOUT_MS leaves the home as index.html, at once', async () => {
    catalog.behaviour.status = 500;
    const failed = await request(app).get('/').set('Cookie', member);
    expect([failed.status, failed.text]).toEqual([200, INDEX]);

    catalog.behaviour.status = 200;
    catalog.behaviour.delayMs = 2_000;
    const started = Date.now();
    const slow = await request(app).get('/').set('Cookie', member);
    expect([slow.status, slow.text]).toEqual([200, INDEX]);
    expect(Date.now() - started).toBeLessThan(1_500);
    // Nor does a seed go out that no screen was drawn with: the page draws its own.
    expect(slow.headers['set-cookie']).toBeUndefined();
  });

  test('a new build of the server module is used without a restart, and a broken one leaves index.html', async () => {
    writeFileSync(serverFile(), serverModule('two'));
    const later = new Date(Date.now() + 5_000);
    utimesSync(serverFile(), later, later);
    expect((await request(app).get('/').set('Cookie', member)).text).toContain('data-build="two"');

    writeFileSync(serverFile(), 'exports.reads = 1;');
    const latest = new Date(Date.now() + 10_000);
    utimesSync(serverFile(), latest, latest);
    expect((await request(app).get('/').set('Cookie', member)).text).toBe(INDEX);
    writeFileSync(serverFile(), serverModule('one'));
    const last = new Date(Date.now() + 15_000);
    utimesSync(serverFile(), last, last);
  });

  test('FIRST_SCREEN_TIMEOUT_MS=0 draws nothing', async () => {
    const dead = await deadUrl();
    const off = testGateway({ urls: { identity: dead, catalog: catalog.url, chat: dead, wallet: dead, checkin: dead } }, { WEB_ROOT: webRoot, FIRST_SCREEN_TIMEOUT_MS: '0' });
    expect((await request(off).get('/').set('Cookie', member)).text).toBe(INDEX);
    expect(catalog.asked).toEqual([]);
  });
});
