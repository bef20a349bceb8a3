require('@testing-library/jest-dom');
// findBy*/waitFor give up after 1 s by default. npm test runs the component suites beside the
// service suites on 2 cores, where a lazily loaded route (first transform of its module) or a
// mocked read can take longer; 5 s keeps a real absence failing while a slow machine passes.
require('@testing-library/react').configure({ asyncUtilTimeout: 5_000 });
// jsdom lacks these; components use them.
if (typeof window !== 'undefined') {
  window.scrollTo = window.scrollTo || (() => {});
  if (!window.matchMedia) {
    window.matchMedia = (query) => ({
      matches: false, media: query, onchange: null,
      addEventListener() {}, removeEventListener() {}, addListener() {}, removeListener() {}, dispatchEvent: () => false,
    });
  }
  // jsdom has no PointerEvent: fireEvent.pointer* would drop clientX without this.
  if (!window.PointerEvent) {
    class PointerEvent extends window.MouseEvent {
      constructor(type, init = {}) {
        super(type, init);
        this.pointerId = init.pointerId ?? 1;
        this.pointerType = init.pointerType ?? 'touch';
      }
    }
    window.PointerEvent = PointerEvent;
    global.PointerEvent = PointerEvent;
  }
  const { TextEncoder, TextDecoder } = require('node:util');
  global.TextEncoder = global.TextEncoder || TextEncoder;
  global.TextDecoder = global.TextDecoder || TextDecoder;
}
