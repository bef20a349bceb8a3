// Self-hosted Noto Sans Thai (ARCHITECTURE §9): Thai and Latin subsets, three weights.
import thai400 from '@fontsource/noto-sans-thai/files/noto-sans-thai-thai-400-normal.woff2';
import thai500 from '@fontsource/noto-sans-thai/files/noto-sans-thai-thai-500-normal.woff2';
import thai700 from '@fontsource/noto-sans-thai/files/noto-sans-thai-thai-700-normal.woff2';
import latin400 from '@fontsource/noto-sans-thai/files/noto-sans-thai-latin-400-normal.woff2';
import latin500 from '@fontsource/noto-sans-thai/files/noto-sans-thai-latin-500-normal.woff2';
import latin700 from '@fontsource/noto-sans-thai/files/noto-sans-thai-latin-700-normal.woff2';

const THAI_RANGE = 'U+02D7, U+0303, U+0331, U+0E01-0E5B, U+200C-200D, U+25CC';
const LATIN_RANGE =
  'U+0000-00FF, U+0131, U+0152-0153, U+02BB-02BC, U+02C6, U+02DA, U+02DC, U+0304, U+0308, U+0329, U+2000-206F, U+20AC, U+2122, U+2191, U+2193, U+2212, U+2215, U+FEFF, U+FFFD';

const face = (url: string, weight: number, range: string) => `
@font-face {
  font-family: 'Noto Sans Thai';
  font-style: normal;
  font-display: swap;
  font-weight: ${weight};
  src: url(${url}) format('woff2');
  unicode-range: ${range};
}`;

export const fontFaces = [
  face(thai400, 400, THAI_RANGE),
  face(thai500, 500, THAI_RANGE),
  face(thai700, 700, THAI_RANGE),
  face(latin400, 400, LATIN_RANGE),
  face(latin500, 500, LATIN_RANGE),
  face(latin700, 700, LATIN_RANGE),
].join('\n');
