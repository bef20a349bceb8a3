// What the signed-in home would score if its first screen came as HTML from the server, before
// any script (as /login does), measured before building it (bench/README.md "lighthouse"): the
// home is loaded once in Chromium, its drawn #root and its styles are written into a copy of
// the shell's index.html, and Lighthouse measures that copy, served by a second gateway over the
// same services, beside this tree's own build, alternating. The copied screen stays over the app
// until the app's grid has drawn its first picture (TAKE_OVER). A measure of the idea, not a design:
// the copy is of one member's screen, taken by a browser, where a real one is drawn by the server.
// BENCH_RUNS (5) per median, BENCH_ROUNDS (2) alternations, BENCH_CPU as lighthouse.bench.ts.
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib, { brotliCompressSync, gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { CHROMIUM_PATH } from '../../e2e/support';
import { startOwnGateway } from '../../e2e/support/ownGateway';
import { repoPaths } from '../../infra/src/paths';
import { loadHome, memberContext, openStack, seed } from './home';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const APPS = ['shell', 'mf-discover', 'mf-chat', 'mf-wallet', 'mf-news', 'mf-admin'];

/** The drawn home's #root and the rules of every style element (styled-components' included). */
async function drawnHome(url: string, cookie: string): Promise<{ root: string; css: string }> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH });
  try {
    const context = await memberContext(browser, url, cookie);
    const page = await context.newPage();
    await loadHome(page, url);
    // A string: this file is type-checked without the DOM's types (tsconfig.server.json).
    return (await page.evaluate(`(() => {
      const sheets = Array.from(document.styleSheets).filter((s) => s.ownerNode instanceof HTMLStyleElement);
      const css = sheets.flatMap((s) => Array.from(s.cssRules).map((r) => r.cssText)).join('\\n');
      return { root: document.getElementById('root').innerHTML, css };
    })()`)) as { root: string; css: string };
  } finally {
    await browser.close();
  }
}

/**
 * Shows the copied screen over the app until the app's own grid has drawn its first picture, then
 * takes it away: the app draws underneath, hidden (so nothing it moves counts as a shift), and
 * the member never sees the spinner between the two (what a real server-drawn screen must do).
 */
const TAKE_OVER = `<script>(() => {
  const root = document.getElementById('root');
  const screen = document.getElementById('first-screen');
  const drawn = () => { const img = root.querySelector('main article img'); return img && img.complete && img.naturalWidth > 0; };
  const check = () => { if (!drawn()) return requestAnimationFrame(check); screen.remove(); root.style.visibility = ''; };
  requestAnimationFrame(check);
})();</script>`;

/** A copy of this tree's front ends whose index.html opens on `home`, its compressed twins written again as the build writes them. */
async function webRootWith(home: { root: string; css: string }): Promise<string> {
  const root = await fs.mkdtemp(path.join(os.tmpdir(), 'lakorn-first-screen-'));
  for (const app of APPS) await fs.cp(path.join(repoPaths().root, app, 'dist'), path.join(root, app, 'dist'), { recursive: true });
  const index = path.join(root, 'shell', 'dist', 'index.html');
  const html = await fs.readFile(index, 'utf8');
  const screen = `<div id="first-screen" aria-hidden="true" style="position:absolute;top:0;left:0;right:0;max-width:480px;margin:0 auto;background:#0f0d13;pointer-events:none">${home.root}</div>`;
  const withScreen = html
    .replace('</head>', `<style>${home.css}</style></head>`)
    .replace(/<div id="?root"?>([\s\S]*?<\/div>)<\/div>/, `<div id="root" style="visibility:hidden">$1</div>${screen}${TAKE_OVER}`);
  if (withScreen === html) throw new Error('index.html: no #root to fill');
  await fs.writeFile(index, withScreen);
  await fs.writeFile(`${index}.br`, brotliCompressSync(withScreen, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY } }));
  await fs.writeFile(`${index}.gz`, gzipSync(withScreen, { level: 9 }));
  return root;
}

async function lighthouse(url: string, cookie: string): Promise<string> {
  const { stdout } = await promisify(execFile)('npx', ['tsx', path.join(__dirname, 'lighthouse.bench.ts')], {
    env: { ...process.env, BENCH_URL: url, BENCH_COOKIE: cookie, BENCH_PAGES: '/' },
    maxBuffer: 16 * 1024 * 1024,
  });
  return stdout.split('\n').filter((line) => line.startsWith('| / ') || line.startsWith('Lighthouse')).join('\n');
}

async function main(): Promise<void> {
  const { url, stack } = await openStack();
  if (!stack) throw new Error('firstScreenCeiling starts its own stack (BENCH_URL is not for it)');
  let webRoot: string | undefined;
  let server: Awaited<ReturnType<typeof startOwnGateway>>['server'] | undefined;
  try {
    const cookie = await seed(url);
    webRoot = await webRootWith(await drawnHome(url, cookie));
    const served = await startOwnGateway({ servicePorts: stack.servicePorts, webRoot, name: 'gateway-first-screen' });
    server = served.server;
    for (let round = 1; round <= ROUNDS; round++) {
      console.info(`this tree, round ${round}:\n${await lighthouse(url, cookie)}`);
      console.info(`its first screen as HTML, round ${round}:\n${await lighthouse(served.url, cookie)}`);
    }
  } finally {
    server?.close();
    await stack.stop();
    if (webRoot) await fs.rm(webRoot, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
