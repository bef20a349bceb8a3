// Makes the shell installable (ARCHITECTURE §9): the web app manifest, the icons drawn in
// ./icons.js, the service worker (src/pwa/sw.js with this build's id) and its offline page, and
// in each page's head, the preloads of the font faces its first paint draws.
const { createHash } = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const { icons } = require('./icons');
const { fontFiles, fontFaces, pageCss, publicPathOf } = require('../webpack.fonts');

const THEME_COLOUR = '#0f0d13';
const SRC = path.join(__dirname, '..', 'src', 'pwa');

/** spec: the product's Thai name is ละคร. */
const MANIFEST = {
  id: '/',
  name: 'ละคร',
  short_name: 'ละคร',
  description: 'คุยกับตัวละคร AI หลากหลายบุคลิก',
  lang: 'th',
  dir: 'ltr',
  start_url: '/',
  scope: '/',
  display: 'standalone',
  orientation: 'portrait',
  background_color: THEME_COLOUR,
  theme_color: THEME_COLOUR,
  icons: [
    { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
    { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
    { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  ],
};

/**
 * The faces each page's first paint draws (subset-weight; what a first load of it asks for),
 * preloaded from its head. Chromium holds a page's first rendering up to 50 ms for the fonts its
 * head preloads. A face not in by the first layout is drawn with a system face first: on a device
 * without that face, the font service searches every system font for each missing character, and
 * the page is laid out again when the face arrives (on this host, 60–200 ms of a load's first
 * layout; bench/README.md "lighthouse"). The home's first screen from the server draws both
 * subsets in 400 and 700. /login and the spinner page keep the one face they preloaded before:
 * both score 100 with it.
 */
const FIRST_PAINT_FACES = {
  'home.html': ['thai-400', 'thai-700', 'latin-400', 'latin-700'],
  'login.html': ['thai-400'],
  'index.html': ['thai-400'],
};
// Scripts are not preloaded: a preload gives a script High priority, and Lighthouse's page-load
// model then counts it as render-blocking (measured: /login first contentful paint 1.0 s → 4.4 s
// with the bootstrap chunk preloaded). Fonts are (FIRST_PAINT_FACES).

let iconCache;

/**
 * The offline page with the app's own Thai font: without it a device with no Thai system font
 * draws boxes. The files are hashed shell assets, so the worker has them from the visits before
 * (cache-first), and the page can name them by their final names only at build time.
 */
function offlinePage(compilation) {
  return fs.readFileSync(path.join(SRC, 'offline.html'), 'utf8').replace('<style>', `<style>\n${fontFaces(compilation)}`);
}

class PwaPlugin {
  apply(compiler) {
    const { RawSource } = compiler.webpack.sources;
    const { Compilation } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('PwaPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'PwaPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, () => {
        iconCache ??= icons();
        for (const [file, bytes] of Object.entries(iconCache)) compilation.emitAsset(file, new RawSource(bytes));
        compilation.emitAsset('manifest.webmanifest', new RawSource(`${JSON.stringify(MANIFEST, null, 2)}\n`));
        compilation.emitAsset('offline.html', new RawSource(offlinePage(compilation)));
      });

      // After every other asset (index.html included) has its final name: the worker's id is a
      // digest of them, so any change to the shell's output makes a new worker.
      compilation.hooks.processAssets.tap({ name: 'PwaPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_REPORT }, (assets) => {
        const digest = createHash('sha256');
        for (const name of Object.keys(assets).sort()) {
          digest.update(name);
          if (/\.html$/.test(name)) digest.update(assets[name].source());
        }
        const id = digest.digest('hex').slice(0, 16);
        const worker = fs.readFileSync(path.join(SRC, 'sw.js'), 'utf8').replace('__LAKORN_BUILD_ID__', id);
        compilation.emitAsset('sw.js', new RawSource(worker));
      });

      HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap('PwaPlugin', (data) => {
        const faces = FIRST_PAINT_FACES[data.outputName];
        if (!faces) return data;
        const publicPath = publicPathOf(compilation);
        const files = fontFiles(compilation);
        const preloaded = faces.map((face) => {
          const file = files.find(({ subset, weight }) => `${subset}-${weight}` === face);
          if (!file) throw new Error(`${data.outputName}: the build has no font file for ${face}`);
          return file;
        });
        const tag = HtmlWebpackPlugin.createHtmlTagObject;
        // The faces and the page-wide rules, for what the page draws before any script (/login's
        // screen, the home's first screen from the server, README "First screen from the server")
        // and for the app after it, which does not draw them again (packages/ui/src/globalCss.ts).
        data.headTags.unshift(
          ...preloaded.map(({ name }) => tag('link', { rel: 'preload', href: `${publicPath}${name}`, as: 'font', type: 'font/woff2', crossorigin: 'anonymous' })),
          tag('style', {}, pageCss(compilation)),
        );
        return data;
      });
    });
  }
}

module.exports = { PwaPlugin, MANIFEST };
