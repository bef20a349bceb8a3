// The Thai font's faces as CSS, for the pages the shell writes as HTML (index.html, login.html and
// the offline page): packages/ui/src/fonts.ts's faces by their final names, so text drawn before
// any script runs (the static /login, the home's first screen from the server, the offline page)
// is in the app's own Thai font, and a device without a Thai system font draws no boxes.

// Noto Sans Thai's Thai and Latin subsets in the weights the app draws with.
const FONT_FILE = /noto-sans-thai-(thai|latin)-(\d00)-normal\.[0-9a-f]{8}\.woff2$/;
const RANGES = {
  thai: 'U+02D7, U+0303, U+0331, U+0E01-0E5B, U+200C-200D, U+25CC',
  latin:
    'U+0000-00FF, U+0131, U+0152-0153, U+02BB-02BC, U+02C6, U+02DA, U+02DC, U+0304, U+0308, U+0329, U+2000-206F, U+20AC, U+2122, U+2191, U+2193, U+2212, U+2215, U+FEFF, U+FFFD',
};

/** Where the build's files are served from (the shell's is `/`). */
function publicPathOf(compilation) {
  const publicPath = compilation.outputOptions.publicPath;
  return publicPath === 'auto' ? '/' : publicPath;
}

/** One @font-face per font file among the build's assets. */
function fontFaces(compilation) {
  const publicPath = publicPathOf(compilation);
  return Object.keys(compilation.assets)
    .map((name) => [name, FONT_FILE.exec(name)])
    .filter(([, match]) => match)
    .map(
      ([name, [, subset, weight]]) =>
        `@font-face { font-family: 'Noto Sans Thai'; font-style: normal; font-display: swap; font-weight: ${weight}; src: url(${publicPath}${name}) format('woff2'); unicode-range: ${RANGES[subset]}; }`,
    )
    .join('\n');
}

module.exports = { fontFaces, publicPathOf };
