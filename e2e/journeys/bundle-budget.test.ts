import { existsSync, readdirSync, readFileSync, statSync, writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { repoPaths } from '../../infra/src/paths';
import { baseUrl, newPhonePage, signInViaApi } from '../support';
import { browserPerFile } from './browserPerFile';

// The bundle budget (ARCHITECTURE §9), in bytes, never in time: the scripts a cold phone loads for
// a page, each counted as the brotli file the gateway serves for it (infra/webpack/precompress.js).
const KiB = 1024;
const LOGIN_BUDGET = 150 * KiB;
const REMOTE_BUDGET = 80 * KiB;
/** Each app's main.js and each remote's entry: webpack's runtime only (README "Where this differs from ARCHITECTURE"). */
const START_SCRIPT_BUDGET = 6 * KiB;
const FRONT_ENDS = ['shell', 'mf-discover', 'mf-chat', 'mf-wallet', 'mf-news', 'mf-admin'];
/** Each remote's first route (spec §2 route table) and who may open it. */
const FIRST_ROUTES = [
  { remote: 'mf-discover', path: '/', admin: false },
  { remote: 'mf-chat', path: '/library', admin: false },
  { remote: 'mf-wallet', path: '/transactions', admin: false },
  { remote: 'mf-news', path: '/news', admin: false },
  { remote: 'mf-admin', path: '/admin/news', admin: true },
];

const root = repoPaths().root;

/** The build file behind a script URL of the gateway: /x.js → shell/dist/x.js, /remotes/<r>/x.js → <r>/dist/x.js. */
function distFile(url: string): string {
  const { pathname } = new URL(url);
  const remote = pathname.match(/^\/remotes\/([\w-]+)\/(.+)$/);
  return remote ? path.join(root, remote[1] as string, 'dist', remote[2] as string) : path.join(root, 'shell', 'dist', pathname.slice(1));
}

interface Loaded {
  url: string;
  encoding: string | undefined;
  brotliBytes: number;
}

/** Opens `route` in a cold context (no cache, no worker) and lists the scripts it loaded. */
async function scriptsOf(page: Page, route: string, ready: (page: Page) => Promise<void>): Promise<Loaded[]> {
  const urls: { url: string; encoding: string | undefined }[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script' && response.url().startsWith(baseUrl())) {
      urls.push({ url: response.url(), encoding: response.headers()['content-encoding'] });
    }
  });
  await page.goto(route);
  await ready(page);
  await page.waitForLoadState('networkidle');
  return urls.map(({ url, encoding }) => {
    const file = `${distFile(url)}.br`;
    return { url, encoding, brotliBytes: existsSync(file) ? statSync(file).size : Number.POSITIVE_INFINITY };
  });
}

const sum = (loaded: Loaded[]) => loaded.reduce((total, l) => total + l.brotliBytes, 0);
const kib = (bytes: number) => `${(bytes / KiB).toFixed(1)} KiB`;

function mapSources(frontEnd: string): string[] {
  const dist = path.join(root, frontEnd, 'dist');
  return readdirSync(dist)
    .filter((name) => name.endsWith('.js.map'))
    .flatMap((name) => (JSON.parse(readFileSync(path.join(dist, name), 'utf8')) as { sources: string[] }).sources);
}

describe('bundle budget (bytes as served, brotli)', () => {
  const browser = browserPerFile();
  const report: string[] = [];
  afterAll(() => {
    const { artifacts } = repoPaths();
    mkdirSync(artifacts, { recursive: true });
    writeFileSync(path.join(artifacts, 'bundle-budget.md'), `${report.join('\n')}\n`);
  });

  it('keeps /login at or under 150 KiB of JavaScript, every script served brotli: a page load runs only the sign-in page\'s own script', async () => {
    const page = await newPhonePage(browser());
    const loaded = await scriptsOf(page, '/login', (p) => p.getByRole('button', { name: /เข้าสู่ระบบ/ }).first().waitFor());
    await page.context().close();
    report.push(`/login: ${kib(sum(loaded))} in ${loaded.length} scripts (budget ${kib(LOGIN_BUDGET)})`);
    expect(loaded.length).toBeGreaterThan(0);
    expect(loaded.filter((l) => l.encoding !== 'br').map((l) => l.url)).toEqual([]);
    // The static sign-in page (shell/webpack.login.js): no React, no federation runtime, no remote.
    expect(loaded.map((l) => new URL(l.url).pathname).filter((p) => !/^\/island\/login\.[0-9a-f]{8}\.js$/.test(p))).toEqual([]);
    expect(sum(loaded)).toBeLessThanOrEqual(LOGIN_BUDGET);
  });

  it('keeps the app\'s own sign-in page (a signed-out visit to another page) at or under 150 KiB, with no remote', async () => {
    const page = await newPhonePage(browser());
    const loaded = await scriptsOf(page, '/library', async (p) => {
      await p.waitForURL('**/login');
      await p.getByRole('button', { name: /เข้าสู่ระบบ/ }).first().waitFor();
    });
    await page.context().close();
    report.push(`/library signed out → the app's /login: ${kib(sum(loaded))} in ${loaded.length} scripts (budget ${kib(LOGIN_BUDGET)})`);
    expect(loaded.filter((l) => l.encoding !== 'br').map((l) => l.url)).toEqual([]);
    expect(loaded.filter((l) => l.url.includes('/remotes/')).map((l) => l.url)).toEqual([]);
    expect(sum(loaded)).toBeLessThanOrEqual(LOGIN_BUDGET);
  });

  it.each(FIRST_ROUTES)("keeps $remote's first route ($path) at or under 80 KiB on top of the shell, in two scripts: its entry and its page", async ({ remote, path: route, admin }) => {
    const page = await newPhonePage(browser());
    await signInViaApi(page.context(), baseUrl(), admin ? 'admin@lakorn.local' : `budget-${Date.now().toString(36)}@lakorn.local`, 'งบประมาณ');
    const loaded = await scriptsOf(page, route, (p) => p.getByRole('navigation', { name: 'เมนูหลัก' }).waitFor());
    await page.context().close();
    const own = loaded.filter((l) => l.url.startsWith(`${baseUrl()}/remotes/${remote}/`));
    report.push(`${remote} ${route}: ${kib(sum(own))} in ${own.length} scripts (budget ${kib(REMOTE_BUDGET)})`);
    // The exposed module is one chunk (infra/webpack/createConfig.js STANDALONE_CHUNK).
    expect(own.map((l) => new URL(l.url).pathname)).toHaveLength(2);
    expect(own.filter((l) => l.encoding !== 'br').map((l) => l.url)).toEqual([]);
    expect(sum(own)).toBeLessThanOrEqual(REMOTE_BUDGET);
  });

  it("starts the shell from main.js, bootstrap and the libraries: no chunk of a few KiB of webpack's own split in a member's page load", async () => {
    const page = await newPhonePage(browser());
    await signInViaApi(page.context(), baseUrl(), `start-${Date.now().toString(36)}@lakorn.local`, 'เริ่มต้น');
    const loaded = await scriptsOf(page, '/', (p) => p.getByRole('navigation', { name: 'เมนูหลัก' }).waitFor());
    await page.context().close();
    const shell = loaded.map((l) => new URL(l.url).pathname).filter((p) => !p.startsWith('/remotes/') && !p.startsWith('/island/'));
    report.push(`the shell's start on /: ${shell.join(', ')}`);
    // Each a request and a script run of its own (shell/webpack.config.js START_LIBRARIES).
    expect(shell.filter((p) => /^\/\d+\.[0-9a-f]{8}\.js$/.test(p))).toEqual([]);
    for (const name of ['main', 'bootstrap', 'libraries']) expect([name, shell.some((p) => p.startsWith(`/${name}.`))]).toEqual([name, true]);
  });

  it("asks for a member's first reads once on a cold page load: the session, /remotes.json and the page remote's manifest come from the document's preloads", async () => {
    const page = await newPhonePage(browser());
    await signInViaApi(page.context(), baseUrl(), `preload-${Date.now().toString(36)}@lakorn.local`, 'โหลดล่วงหน้า');
    const asked: string[] = [];
    const firstReads = ['/api/auth/session', '/remotes.json', '/remotes/mf-discover/mf-manifest.json'];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (firstReads.includes(pathname)) asked.push(pathname);
    });
    await page.goto('/');
    await page.getByRole('navigation', { name: 'เมนูหลัก' }).waitFor();
    await page.waitForLoadState('networkidle');
    await page.context().close();
    // Each exactly once: a fetch whose mode did not match its preload (gateway pagePreloads.ts)
    // would be a second request.
    expect(asked.sort()).toEqual([...firstReads].sort());
  });

  it('puts no zod and no date-fns in any browser build (their source maps name every module)', () => {
    for (const frontEnd of FRONT_ENDS) {
      const sources = mapSources(frontEnd);
      expect([frontEnd, sources.length > 0]).toEqual([frontEnd, true]);
      expect([frontEnd, sources.filter((s) => /node_modules\/(zod|date-fns)\//.test(s))]).toEqual([frontEnd, []]);
    }
  });

  it("ships no federation runtime library: sharing and each remote's container are webpack's own, a few KiB", () => {
    for (const frontEnd of FRONT_ENDS) {
      expect([frontEnd, mapSources(frontEnd).filter((s) => s.includes('node_modules/@module-federation/'))]).toEqual([frontEnd, []]);
    }
    // Every app's main.js (a remote's runs it alone, shell-sdk standalone.tsx) and each remote's
    // entry hold only webpack's runtime (sharing, chunk loading, the container);
    // @module-federation/enhanced's runtime made the shell's main.js 23.6 KiB brotli.
    const starts = FRONT_ENDS.flatMap((frontEnd) =>
      readdirSync(path.join(root, frontEnd, 'dist'))
        .filter((name) => /^(main|remoteEntry)\.[0-9a-f]{8}\.js\.br$/.test(name))
        .map((name) => ({ file: `${frontEnd}/${name}`, bytes: statSync(path.join(root, frontEnd, 'dist', name)).size })),
    );
    expect(starts).toHaveLength(2 * FRONT_ENDS.length - 1);
    expect(starts.filter((s) => s.bytes > START_SCRIPT_BUDGET)).toEqual([]);
  });
});
