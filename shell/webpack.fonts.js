// The CSS the shell writes into its HTML pages (index.html, login.html, home.html and the offline
// page): the Thai font's faces by their final names, so text drawn before any script runs (the
// static /login, the home's first screen from the server, the offline page) is in the app's own
// Thai font and a device without a Thai system font draws no boxes; and, for the app's pages,
// packages/ui's page-wide rules, which the app itself never draws again (ui/src/globalCss.ts).
// Both come from that one TypeScript module, loaded here through tsx (this config is plain Node).
const { require: requireTs } = require('tsx/cjs/api');

/** @type {typeof import('../packages/ui/src/globalCss')} */
const { fontFace, GLOBAL_CSS } = requireTs('../packages/ui/src/globalCss.ts', __filename);

// Noto Sans Thai's Thai and Latin subsets in the weights the app draws with.
const FONT_FILE = /noto-sans-thai-(thai|latin)-(\d00)-normal\.[0-9a-f]{8}\.woff2$/;

/** Where the build's files are served from (the shell's is `/`). */
function publicPathOf(compilation) {
  const publicPath = compilation.outputOptions.publicPath;
  return publicPath === 'auto' ? '/' : publicPath;
}

/** The build's font files: each one's name, subset and weight. */
function fontFiles(compilation) {
  return Object.keys(compilation.assets)
    .map((name) => [name, FONT_FILE.exec(name)])
    .filter(([, match]) => match)
    .map(([name, [, subset, weight]]) => ({ name, subset, weight: Number(weight) }));
}

/** One @font-face per font file among the build's assets. */
function fontFaces(compilation) {
  const publicPath = publicPathOf(compilation);
  return fontFiles(compilation)
    .map(({ name, subset, weight }) => fontFace(`${publicPath}${name}`, weight, subset))
    .join('\n');
}

/** An app page's CSS before any script: the faces and the page-wide rules. */
function pageCss(compilation) {
  return `${fontFaces(compilation)}\n${GLOBAL_CSS}`;
}

module.exports = { fontFiles, fontFaces, pageCss, publicPathOf };
