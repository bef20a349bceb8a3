// The home's first screen from the server (README "First screen from the server"): for a member's
// page load of `/`, the gateway asks the catalog the discover page's opening reads with the
// member's own session, has mf-discover's server module draw the page from the answers, and sends
// the shell's home.html with that screen over the app. A phone then paints the page, its pictures
// included, before any script has run, and the app's start (held back in home.html) follows once
// those pictures are in; discover takes the screen away once it has drawn the same (shell-sdk
// releaseFirstScreen). Whatever fails or takes longer than the timeout, the page load is index.html
// as before (with its Link header): the first screen is an addition, never a way for the home to fail.
import { randomInt } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import vm from 'node:vm';
import type { Request } from 'express';
import { FIRST_SCREEN_DATA_ID, FIRST_SCREEN_ID, SEED_MAX, seedCookie, seedFromCookie, type FirstScreenModule } from '@lakorn/contracts';
import type { Logger } from '@lakorn/service-kit';
import { localRemoteDir, type RemoteName } from './remotes';

/** The pages drawn on the server, by path, and the remote that draws each. */
const DRAWN_PAGES: Record<string, RemoteName> = { '/': 'mf-discover' };
/** A remote's server module, beside its browser build (infra/webpack/createConfig.js createServerConfig). */
const SERVER_MODULE = path.join('dist-server', 'first-screen.js');

export interface FirstScreenOptions {
  webRoot: string;
  remotes: Record<RemoteName, string>;
  catalogUrl: string;
  logger: Logger;
  /** How long a page load waits for the reads; 0 draws nothing (config FIRST_SCREEN_TIMEOUT_MS). */
  timeoutMs: number;
}

export interface DrawnScreen {
  /** The element to put before `#root`: the drawn screen, its styles and the answers it was drawn from. */
  html: string;
  /** The discover seed's cookie, when the browser had none (the page reads the same one). */
  setCookie?: string;
}

/**
 * The shell's home.html with the drawn screen before its `#root` (the shell's frame styles place it
 * over the app) and `preloads` first in its held-back start (shell/webpack.home.js), or undefined
 * for a page without both (then index.html is sent as it is).
 */
export function withFirstScreen(homeHtml: string, screen: string, preloads: string): string | undefined {
  // The build minifies the page, quotes dropped where HTML allows. The start is in the head.
  const start = /<template id="?app-start"?>/.exec(homeHtml);
  const root = /<div id="?root"?>/.exec(homeHtml);
  if (!start || !root || root.index < start.index) return undefined;
  const afterStart = start.index + start[0].length;
  return `${homeHtml.slice(0, afterStart)}${preloads}${homeHtml.slice(afterStart, root.index)}${screen}${homeHtml.slice(root.index)}`;
}

/**
 * The element the gateway puts in the page, its styles inside it: a picture of the page, not the
 * page, hidden from assistive technology, which reads the app's own page. Not inert: its cards are
 * links (out of the tab order) that a tap follows before any script has run, and that the shell's
 * start island hands to the app once it runs (shell/src/appStart.ts); the app takes it away once
 * it has drawn the same screen.
 */
function screenElement(drawn: { html: string; css: string }, answers: Record<string, unknown>): string {
  // The styles are our components' own; `</` is escaped anyway, so nothing in them ends the element.
  // The answers are members' text: every `<` as \u003c (the same JSON), so none can end the block.
  const data = JSON.stringify(answers).replace(/</g, '\\u003c');
  return (
    `<div id="${FIRST_SCREEN_ID}" aria-hidden="true"><style>${drawn.css.replace(/<\//g, '<\\/')}</style>${drawn.html}` +
    `<script type="application/json" id="${FIRST_SCREEN_DATA_ID}">${data}</script></div>`
  );
}

/**
 * A CommonJS file evaluated as Node's loader would, but each time afresh: a new build replaces the
 * old one without a restart, where `require` would keep the first one it loaded.
 */
function evaluate(file: string, source: string): FirstScreenModule {
  const module = { exports: {} as FirstScreenModule };
  const wrapped = vm.runInThisContext(`(function (exports, require, module, __filename, __dirname) {${source}\n})`, { filename: file }) as (
    exports: unknown,
    require: NodeJS.Require,
    module: { exports: unknown },
    filename: string,
    dirname: string,
  ) => void;
  wrapped(module.exports, createRequire(file), module, file, path.dirname(file));
  return module.exports;
}

/** Draws the first screen of a member's page load, or answers null (not a drawn page, no module, a read failed or was slow). */
export function firstScreens(options: FirstScreenOptions): (req: Request) => Promise<DrawnScreen | null> {
  const loaded = new Map<string, { mtimeMs: number; module: FirstScreenModule }>();

  /** The remote's server module, loaded again when a new build of it lands (a remote deploys alone, ARCHITECTURE §9). */
  async function moduleOf(name: RemoteName): Promise<FirstScreenModule | null> {
    const dir = localRemoteDir(options.webRoot, options.remotes, name);
    if (!dir) return null;
    const file = path.join(dir, '..', SERVER_MODULE);
    const info = await stat(file).catch(() => null);
    if (!info?.isFile()) return null;
    const known = loaded.get(file);
    if (known && known.mtimeMs === info.mtimeMs) return known.module;
    const module = evaluate(file, await readFile(file, 'utf8'));
    if (typeof module.reads !== 'function' || typeof module.render !== 'function') throw new Error(`${file} is not a first-screen module`);
    loaded.set(file, { mtimeMs: info.mtimeMs, module });
    return module;
  }

  /** One read, as the member's browser would make it through the gateway: their session, their request id. */
  async function read(req: Request, apiPath: string, signal: AbortSignal): Promise<unknown> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (req.headers.cookie) headers.cookie = req.headers.cookie;
    if (req.headers.authorization) headers.authorization = req.headers.authorization;
    const requestId = req.headers['x-request-id'];
    if (typeof requestId === 'string') headers['x-request-id'] = requestId;
    const response = await fetch(`${options.catalogUrl}${apiPath}`, { headers, signal });
    if (!response.ok) throw new Error(`catalog answered ${response.status} for ${apiPath}`);
    return response.json();
  }

  return async (req) => {
    const remote = DRAWN_PAGES[req.path];
    if (!remote || options.timeoutMs <= 0 || req.method !== 'GET') return null;
    try {
      const module = await moduleOf(remote);
      if (!module) return null;
      const kept = seedFromCookie(req.headers.cookie);
      const seed = kept ?? randomInt(1, SEED_MAX + 1);
      const paths = module.reads(seed);
      const signal = AbortSignal.timeout(options.timeoutMs);
      const answers = await Promise.all(paths.map((p) => read(req, p, signal)));
      const byPath = Object.fromEntries(paths.map((p, i) => [p, answers[i]]));
      const drawn = module.render(seed, byPath);
      return { html: screenElement(drawn, byPath), setCookie: kept === undefined ? seedCookie(seed) : undefined };
    } catch (error) {
      options.logger.warn({ err: error instanceof Error ? error.message : String(error), path: req.path }, 'first screen not drawn');
      return null;
    }
  };
}
