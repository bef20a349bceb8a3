import { stat } from 'node:fs/promises';
import path from 'node:path';
import express, { Router, type Request, type RequestHandler, type Response } from 'express';
import { isUnder } from '../api/routeTable';
import { withFirstScreen, type DrawnScreen } from './firstScreen';
import { sendHtml, shellTemplate } from './htmlPage';
import { EARLY_READS, fontPreloadsIn, linkHeader, linkTags, pagePreloads } from './pagePreloads';
import { precompressedFiles, sendPrecompressed } from './precompressed';
import { REMOTE_NAMES, remotesDocument, type RemoteName } from './remotes';

const NO_CACHE = 'no-cache';
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Files a browser must revalidate: they name the current build's hashed files. */
const ENTRY_FILES = /^(index\.html|remoteEntry\.js|mf-manifest\.json)$/;
/** Webpack's `[name].[contenthash:8]` names (infra/webpack/createConfig.js). */
const HASHED_FILE = /\.[0-9a-f]{8,}\./;

export function cacheControlFor(filePath: string): string {
  const name = path.basename(filePath);
  if (ENTRY_FILES.test(name)) return NO_CACHE;
  return HASHED_FILE.test(name) ? IMMUTABLE : NO_CACHE;
}

/** Paths the single-page fallback never answers: they have their own owners. */
const NOT_SPA = ['/api', '/remotes', '/character-images', '/uploads'];

async function isDirectory(dir: string): Promise<boolean> {
  return stat(dir).then(
    (s) => s.isDirectory(),
    () => false,
  );
}

async function isFile(file: string): Promise<boolean> {
  return stat(file).then(
    (s) => s.isFile(),
    () => false,
  );
}

/** 503 while a front end has no build yet: a fresh clone must say what to do, not crash. */
function notBuilt(res: Response, what: string): void {
  res
    .status(503)
    .type('text/plain; charset=utf-8')
    .setHeader('Cache-Control', 'no-store')
    .send(
      `Lakorn: ${what} is not built yet.\n` +
        'Run `npm start` in the repository root (it builds the front ends), then reload this page.\n' +
        'ยังไม่ได้สร้างหน้าเว็บ กรุณารัน npm start แล้วโหลดหน้านี้ใหม่\n',
    );
}

/**
 * A build folder: each file as its precompressed twin when the browser accepts one, else as it is.
 * Source maps are built hidden and never served (ARCHITECTURE §9): a *.map path leaves the web
 * routes and gets the JSON 404.
 */
function staticFiles(dir: string, index: string | false): RequestHandler {
  const compressed = precompressedFiles(dir, cacheControlFor, index);
  const plain = express.static(dir, {
    index,
    redirect: false,
    setHeaders: (res, filePath) => res.setHeader('Cache-Control', cacheControlFor(filePath)),
  });
  return (req, res, next) => {
    if (req.path.endsWith('.map')) {
      next('router');
      return;
    }
    compressed(req, res, (error?: unknown) => (error ? next(error) : plain(req, res, next)));
  };
}

/** `<name>/dist` under /remotes/<name>/: files only, no fallback (a missing chunk is a 404). */
function remoteFiles(webRoot: string, name: RemoteName): RequestHandler {
  const dist = path.join(webRoot, name, 'dist');
  const serve = staticFiles(dist, false);
  return async (req, res, next) => {
    if (await isDirectory(dist)) serve(req, res, next);
    else notBuilt(res, `the ${name} remote`);
  };
}

/**
 * The web side of the gateway (ARCHITECTURE §9): /remotes.json from config, each remote's build
 * under /remotes/<name>/, and the shell's build at / with the single-page fallback to index.html.
 */
export function webRoutes(options: {
  webRoot: string;
  remotes: Record<RemoteName, string>;
  /** Whether a page load comes from a signed-in member (a valid session cookie): only then are a page's remote files preloaded. */
  signedIn?: (req: Request) => boolean;
  /** A member's page drawn on the server, when it is one that is (web/firstScreen.ts); null: index.html as built. */
  firstScreen?: (req: Request) => Promise<DrawnScreen | null>;
}): Router {
  const router = Router();
  const shellDist = path.join(options.webRoot, 'shell', 'dist');
  const indexHtml = path.join(shellDist, 'index.html');
  // A page load of /login gets the sign-in screen as static HTML with its own small script
  // (shell/webpack.login.js), painted before any script runs; a build without one gets index.html.
  const loginHtml = path.join(shellDist, 'login.html');
  const remotes = remotesDocument(options.remotes);
  const preloadsFor = pagePreloads(options);
  // The shell's page for a first screen drawn by the server: its start held back (shell/webpack.home.js).
  const homeTemplate = shellTemplate(path.join(shellDist, 'home.html'));

  router.get('/remotes.json', (_req, res) => {
    res.setHeader('Cache-Control', NO_CACHE);
    res.json(remotes);
  });
  for (const name of REMOTE_NAMES) router.use(`/remotes/${name}`, remoteFiles(options.webRoot, name));

  // `/` too is a page (index.html with its preloads, below), not the folder's index.
  router.use(staticFiles(shellDist, false));
  router.use(async (req, res, next) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || NOT_SPA.some((prefix) => isUnder(req.path, prefix))) {
      next();
      return;
    }
    if (!(await isDirectory(shellDist))) {
      notBuilt(res, 'the front end (shell)');
      return;
    }
    // A signed-in member's page load of /login gets the app, whose gate sends them on (spec §2), so
    // the static page is only ever a signed-out visitor's and asks for no session (a 401 there is a
    // console error on every visit).
    const signedIn = options.signedIn?.(req) ?? false;
    const page = req.path === '/login' && !signedIn && (await isFile(loginHtml)) ? loginHtml : indexHtml;
    if (page === indexHtml && signedIn) {
      const preloads = [...EARLY_READS, ...(await preloadsFor(req.path))];
      // A shell build without home.html has nowhere to put a first screen: the catalog is not asked.
      const home = options.firstScreen ? await homeTemplate() : undefined;
      const drawn = home === undefined ? null : await options.firstScreen?.(req);
      const withScreen = home !== undefined && drawn ? withFirstScreen(home, drawn.html, linkTags(preloads)) : undefined;
      if (home !== undefined && drawn && withScreen) {
        // The page's preloads wait with its scripts (home.html): they are the app's start, which
        // comes after the first screen's pictures. Its fonts do not wait: the screen's first layout needs them.
        if (drawn.setCookie) res.append('Set-Cookie', drawn.setCookie);
        const fonts = fontPreloadsIn(home);
        if (fonts.length) res.setHeader('Link', linkHeader(fonts));
        await sendHtml(req, res, 200, withScreen);
        return;
      }
      res.setHeader('Link', linkHeader(preloads));
    }
    const sent = await sendPrecompressed(req, res, page, NO_CACHE).catch(() => {
      res.removeHeader('Content-Encoding');
      return false;
    });
    if (sent) return;
    res.sendFile(page, { headers: { 'Cache-Control': NO_CACHE } }, (error?: Error) => {
      if (error && !res.headersSent) notBuilt(res, 'the front end (shell)');
    });
  });
  return router;
}
