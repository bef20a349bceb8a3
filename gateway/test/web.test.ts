import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { sessionCookie, testActor } from '@lakorn/service-kit/testing';
import { testGateway, unbuiltWebRoot } from './support/gateway';

const LOGIN = '<!doctype html><html lang="th"><body><div id="root"><main class="login"><h1>Lakorn</h1></main></div></body></html>';
const INDEX = '<!doctype html><html lang="th"><body><div id="root"></div><script src="/main.1a2b3c4d.js"></script></body></html>';

/** A WEB_ROOT holding a built shell and a built mf-chat; the other remotes are not built. */
function builtWebRoot(): string {
  const root = mkdtempSync(path.join(tmpdir(), 'lakorn-gateway-web-'));
  const write = (file: string, content: string) => {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), content);
  };
  write('shell/dist/index.html', INDEX);
  write('shell/dist/main.1a2b3c4d.js', 'console.log("shell")');
  write('shell/dist/remoteEntry.js', 'var shell;');
  write('shell/dist/favicon.svg', '<svg/>');
  write('mf-chat/dist/remoteEntry.js', 'var mf_chat;');
  write('mf-chat/dist/mf-manifest.json', '{"name":"mf_chat"}');
  write('mf-chat/dist/src_App_tsx.9f8e7d6c.js', 'export {}');
  return root;
}

const IMMUTABLE = 'public, max-age=31536000, immutable';
// The start's two reads, each preloaded in the mode its fetch asks in (shell/src/earlyReads.ts).
const EARLY_READS = '</api/auth/session>; rel=preload; as=fetch; crossorigin=use-credentials, </remotes.json>; rel=preload; as=fetch; crossorigin=anonymous';

describe('the shell and the remotes (ARCHITECTURE §9)', () => {
  const webRoot = builtWebRoot();
  const app = testGateway(undefined, { WEB_ROOT: webRoot });
  afterAll(() => rmSync(webRoot, { recursive: true, force: true }));

  test('serves the shell index at / without caching', async () => {
    const res = await request(app).get('/');
    expect(res.status).toBe(200);
    expect(res.text).toBe(INDEX);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  test.each([['/library'], ['/chat/abc123'], ['/admin/news'], ['/payment/large?x=1']])(
    'answers the client-side route %s with index.html (SPA fallback)',
    async (route) => {
      const res = await request(app).get(route);
      expect(res.status).toBe(200);
      expect(res.text).toBe(INDEX);
      expect(res.headers['cache-control']).toBe('no-cache');
    },
  );

  test("answers a signed-out visitor's page load of /login with the static sign-in page, and only /login", async () => {
    const webRootWithLogin = builtWebRoot();
    writeFileSync(path.join(webRootWithLogin, 'shell/dist/login.html'), LOGIN);
    const withLogin = testGateway(undefined, { WEB_ROOT: webRootWithLogin });
    try {
      const login = await request(withLogin).get('/login?from=x');
      expect([login.status, login.text, login.headers['cache-control']]).toEqual([200, LOGIN, 'no-cache']);
      expect(login.headers['content-type']).toMatch(/text\/html/);
      for (const route of ['/', '/library', '/login/more']) expect((await request(withLogin).get(route)).text).toBe(INDEX);
      // A signed-in member's page load of /login is the app's, whose gate sends them on (spec §2):
      // the static page never has to ask who is signed in. A session that does not verify is signed out.
      expect((await request(withLogin).get('/login').set('Cookie', sessionCookie(testActor()))).text).toBe(INDEX);
      expect((await request(withLogin).get('/login').set('Cookie', 'lakorn_session=forged.token.value')).text).toBe(LOGIN);
      // A build without it: /login is the app's, as any other route.
      expect((await request(app).get('/login')).text).toBe(INDEX);
    } finally {
      rmSync(webRootWithLogin, { recursive: true, force: true });
    }
  });

  test("names the start's two reads and the page's remote (manifest, entry, page module) in a preload Link header, for a signed-in member's pages only", async () => {
    const root = builtWebRoot();
    writeFileSync(
      path.join(root, 'mf-chat/dist/mf-manifest.json'),
      JSON.stringify({
        name: 'mf_chat',
        metaData: { remoteEntry: { name: 'remoteEntry.0a1b2c3d.js' } },
        exposes: [{ path: './App', assets: { js: { sync: ['12.aabbccdd.js', '__federation_expose_App.11223344.js'], async: ['99.ffeeddcc.js'] } } }],
      }),
    );
    const withManifest = testGateway(undefined, { WEB_ROOT: root });
    const member = sessionCookie(testActor());
    try {
      const chat = await request(withManifest).get('/chat/abc123').set('Cookie', member);
      expect(chat.text).toBe(INDEX);
      expect(chat.headers.link).toBe(
        `${EARLY_READS}, </remotes/mf-chat/mf-manifest.json>; rel=preload; as=fetch; crossorigin=anonymous, </remotes/mf-chat/remoteEntry.0a1b2c3d.js>; rel=preload; as=script; fetchpriority=low, </remotes/mf-chat/12.aabbccdd.js>; rel=preload; as=script; fetchpriority=low, </remotes/mf-chat/__federation_expose_App.11223344.js>; rel=preload; as=script; fetchpriority=low`,
      );
      expect((await request(withManifest).get('/library').set('Cookie', member)).headers.link).toContain('</remotes/mf-chat/remoteEntry.0a1b2c3d.js>');
      // The home is a page too (not the shell folder's index file).
      mkdirSync(path.join(root, 'mf-discover/dist'), { recursive: true });
      writeFileSync(path.join(root, 'mf-discover/dist/mf-manifest.json'), JSON.stringify({ metaData: { remoteEntry: { name: 'remoteEntry.5e6f7a8b.js' } } }));
      const home = await request(withManifest).get('/').set('Cookie', member);
      expect([home.text, home.headers.link]).toEqual([
        INDEX,
        `${EARLY_READS}, </remotes/mf-discover/mf-manifest.json>; rel=preload; as=fetch; crossorigin=anonymous, </remotes/mf-discover/remoteEntry.5e6f7a8b.js>; rel=preload; as=script; fetchpriority=low`,
      ]);
      // Not built (mf-news), an admin page (its code waits for the session), not a page, or /login
      // (the app's, in a build without the static page): only the start's two reads.
      for (const route of ['/news', '/admin/news', '/nowhere', '/login']) expect((await request(withManifest).get(route).set('Cookie', member)).headers.link).toBe(EARLY_READS);
      // Signed out (or a session that does not verify): the visit goes to /login and loads no remote.
      expect((await request(withManifest).get('/chat/abc123')).headers.link).toBeUndefined();
      expect((await request(withManifest).get('/chat/abc123').set('Cookie', 'lakorn_session=forged.token.value')).headers.link).toBeUndefined();
      // A remote hosted elsewhere is found at run time, as before: only the start's two reads.
      const elsewhere = testGateway(undefined, { WEB_ROOT: root, REMOTE_MF_CHAT_URL: 'https://chat.example.test/mf-manifest.json' });
      expect((await request(elsewhere).get('/chat/abc123').set('Cookie', member)).headers.link).toBe(EARLY_READS);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  test('serves hashed assets as immutable and entry files as no-cache', async () => {
    const asset = await request(app).get('/main.1a2b3c4d.js');
    expect(asset.status).toBe(200);
    expect(asset.headers['cache-control']).toBe(IMMUTABLE);
    expect((await request(app).get('/remoteEntry.js')).headers['cache-control']).toBe('no-cache');
    expect((await request(app).get('/favicon.svg')).headers['cache-control']).toBe('no-cache');
  });

  test("serves a remote's build under /remotes/<name>/ with the same cache rules", async () => {
    const manifest = await request(app).get('/remotes/mf-chat/mf-manifest.json');
    expect(manifest.status).toBe(200);
    expect(manifest.body).toEqual({ name: 'mf_chat' });
    expect(manifest.headers['cache-control']).toBe('no-cache');
    const entry = await request(app).get('/remotes/mf-chat/remoteEntry.js');
    expect(entry.headers['cache-control']).toBe('no-cache');
    const chunk = await request(app).get('/remotes/mf-chat/src_App_tsx.9f8e7d6c.js');
    expect(chunk.status).toBe(200);
    expect(chunk.headers['cache-control']).toBe(IMMUTABLE);
  });

  test('answers 404, never index.html, for a missing remote file or an unknown remote', async () => {
    const missing = await request(app).get('/remotes/mf-chat/nope.js');
    expect(missing.status).toBe(404);
    expect(missing.text).not.toContain('<html');
    expect((await request(app).get('/remotes/mf-unknown/remoteEntry.js')).status).toBe(404);
  });

  test('does not answer other /uploads paths with index.html', async () => {
    expect((await request(app).get('/uploads/other/file.png')).status).toBe(404);
  });

  test('answers 503 with a "not built" page for a remote whose build is missing', async () => {
    const res = await request(app).get('/remotes/mf-news/remoteEntry.js');
    expect(res.status).toBe(503);
    expect(res.headers['content-type']).toMatch(/text\/plain/);
    expect(res.text).toContain('mf-news');
    expect(res.text).toContain('npm start');
  });

  test('answers 503 with a "not built" page while the shell has no build', async () => {
    const bare = testGateway(undefined, { WEB_ROOT: unbuiltWebRoot() });
    for (const route of ['/', '/library']) {
      const res = await request(bare).get(route);
      expect(res.status).toBe(503);
      expect(res.text).toContain('not built');
      expect(res.text).toContain('npm start');
    }
  });
});

describe('GET /remotes.json', () => {
  test('lists the default manifest of every remote on this gateway', async () => {
    const res = await request(testGateway(undefined)).get('/remotes.json');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toEqual({
      mf_discover: '/remotes/mf-discover/mf-manifest.json',
      mf_chat: '/remotes/mf-chat/mf-manifest.json',
      mf_wallet: '/remotes/mf-wallet/mf-manifest.json',
      mf_news: '/remotes/mf-news/mf-manifest.json',
      mf_admin: '/remotes/mf-admin/mf-manifest.json',
    });
  });

  test('moves a remote to another host by config alone, and lets the page load it (CSP)', async () => {
    const app = testGateway(undefined, { REMOTE_MF_CHAT_URL: 'https://chat.cdn.example/v7/mf-manifest.json' });
    const res = await request(app).get('/remotes.json');
    expect(res.body.mf_chat).toBe('https://chat.cdn.example/v7/mf-manifest.json');
    expect(res.body.mf_news).toBe('/remotes/mf-news/mf-manifest.json');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toMatch(/script-src 'self' https:\/\/accounts\.google\.com\/gsi\/client https:\/\/chat\.cdn\.example;/);
    expect(csp).toMatch(/connect-src [^;]*https:\/\/chat\.cdn\.example/);
  });
});

describe('security headers', () => {
  test('sends the CSP that Google sign-in and styled-components need', async () => {
    const res = await request(testGateway(undefined)).get('/remotes.json');
    const directives = Object.fromEntries(
      String(res.headers['content-security-policy'])
        .split(';')
        .map((d) => d.trim().split(/\s+/))
        .map(([name, ...values]) => [name, values.join(' ')]),
    );
    expect(directives).toMatchObject({
      'default-src': "'self'",
      'script-src': "'self' https://accounts.google.com/gsi/client",
      'frame-src': 'https://accounts.google.com/gsi/',
      'connect-src': "'self' https://accounts.google.com/gsi/",
      'style-src': "'self' 'unsafe-inline' https://accounts.google.com/gsi/style",
      'img-src': "'self' data: blob: https:",
      'font-src': "'self' data:",
      'frame-ancestors': "'none'",
    });
  });

  test("lets the Google sign-in popup talk back to its opener and see the page's origin", async () => {
    const res = await request(testGateway(undefined)).get('/healthz');
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
    // Google's sign-in checks the page's origin from the Referer header.
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-powered-by']).toBeUndefined();
  });
});
