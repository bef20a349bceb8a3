import { createGlobalStyle } from 'styled-components';
import { fontFaces } from './fonts';
import { GLOBAL_CSS } from './globalCss';

/**
 * The page-wide rules and the font faces for a page the shell did not write (a remote's standalone
 * harness): the shell's own pages carry the same CSS from the build (globalCss.ts).
 */
export const GlobalStyle = createGlobalStyle`
  ${fontFaces}
  ${GLOBAL_CSS}
`;
