require('@testing-library/jest-dom');
// jsdom lacks these; components use them.
if (typeof window !== 'undefined') {
  window.scrollTo = window.scrollTo || (() => {});
  if (!window.matchMedia) {
    window.matchMedia = (query) => ({
      matches: false, media: query, onchange: null,
      addEventListener() {}, removeEventListener() {}, addListener() {}, removeListener() {}, dispatchEvent: () => false,
    });
  }
  const { TextEncoder, TextDecoder } = require('node:util');
  global.TextEncoder = global.TextEncoder || TextEncoder;
  global.TextDecoder = global.TextDecoder || TextDecoder;
}
