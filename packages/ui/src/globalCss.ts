// The app's page-wide rules and its font faces as plain CSS, with no styled-components: the shell
// writes them into its HTML pages at build time (shell/pwa/plugin.js), so they hold from the first
// paint and the app's start neither parses them nor declares the faces again (a second set of
// faces is a "fonts changed" relayout of every line of text, bench/README.md "lighthouse"). A
// remote's standalone harness, which has no shell page, draws the same through GlobalStyle.
import { theme } from './theme';

/** Noto Sans Thai's two subsets (ARCHITECTURE §9): which code points each file draws. */
const FONT_RANGES = {
  thai: 'U+02D7, U+0303, U+0331, U+0E01-0E5B, U+200C-200D, U+25CC',
  latin:
    'U+0000-00FF, U+0131, U+0152-0153, U+02BB-02BC, U+02C6, U+02DA, U+02DC, U+0304, U+0308, U+0329, U+2000-206F, U+20AC, U+2122, U+2191, U+2193, U+2212, U+2215, U+FEFF, U+FFFD',
} as const;

/** One @font-face of the app's Thai font: a subset's file in one weight. */
export function fontFace(url: string, weight: number, subset: keyof typeof FONT_RANGES): string {
  return `@font-face { font-family: 'Noto Sans Thai'; font-style: normal; font-display: swap; font-weight: ${weight}; src: url(${url}) format('woff2'); unicode-range: ${FONT_RANGES[subset]}; }`;
}

export const GLOBAL_CSS = `
  *, *::before, *::after { box-sizing: border-box; }
  html { -webkit-text-size-adjust: 100%; }
  html, body { margin: 0; padding: 0; background: #08070b; }
  body {
    font-family: ${theme.font.family};
    font-size: ${theme.font.size.md};
    line-height: 1.55;
    color: ${theme.color.text};
    -webkit-font-smoothing: antialiased;
    -webkit-tap-highlight-color: transparent;
    /* Thai breaks between words by the browser's dictionary (ThaiText keeps the words it splits whole). */
    word-break: normal;
    overflow-wrap: break-word;
    line-break: auto;
  }
  #root {
    min-height: 100dvh;
    max-width: ${theme.appMaxWidth};
    margin: 0 auto;
    background: ${theme.color.bg};
    position: relative;
  }
  button, input, textarea, select { font: inherit; color: inherit; }
  button { cursor: pointer; }
  button:disabled { cursor: not-allowed; }
  a { color: ${theme.color.primary}; }
  :focus-visible { outline: 2px solid ${theme.color.primary}; outline-offset: 2px; }
  img { max-width: 100%; }
  /* A reader who asks for less motion gets none: no slide, fade or looping animation (one
     iteration, so a looping one does not flicker at 0.01 ms either), no smooth scrolling. */
  @media (prefers-reduced-motion: reduce) {
    html { scroll-behavior: auto !important; }
    *, *::before, *::after {
      animation-duration: 0.01ms !important;
      animation-iteration-count: 1 !important;
      transition-duration: 0.01ms !important;
    }
  }
`;
