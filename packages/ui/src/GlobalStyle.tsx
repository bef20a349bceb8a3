import { createGlobalStyle } from 'styled-components';
import { fontFaces } from './fonts';
import { theme } from './theme';

export const GlobalStyle = createGlobalStyle`
  ${fontFaces}
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
