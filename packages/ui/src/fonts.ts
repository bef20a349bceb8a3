// Self-hosted Noto Sans Thai (ARCHITECTURE §9): Thai and Latin subsets, three weights, as the
// bundle names them (a remote's standalone harness; the shell's pages declare the same faces by
// their built names, shell/webpack.fonts.js).
import thai400 from '@fontsource/noto-sans-thai/files/noto-sans-thai-thai-400-normal.woff2';
import thai500 from '@fontsource/noto-sans-thai/files/noto-sans-thai-thai-500-normal.woff2';
import thai700 from '@fontsource/noto-sans-thai/files/noto-sans-thai-thai-700-normal.woff2';
import latin400 from '@fontsource/noto-sans-thai/files/noto-sans-thai-latin-400-normal.woff2';
import latin500 from '@fontsource/noto-sans-thai/files/noto-sans-thai-latin-500-normal.woff2';
import latin700 from '@fontsource/noto-sans-thai/files/noto-sans-thai-latin-700-normal.woff2';
import { fontFace } from './globalCss';

export const fontFaces = [
  fontFace(thai400, 400, 'thai'),
  fontFace(thai500, 500, 'thai'),
  fontFace(thai700, 700, 'thai'),
  fontFace(latin400, 400, 'latin'),
  fontFace(latin500, 500, 'latin'),
  fontFace(latin700, 700, 'latin'),
].join('\n');
