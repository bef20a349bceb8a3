// jsdom, plus the WHATWG fetch classes Node already has (jsdom does not provide them), so
// component tests can use real Response objects with a mocked fetch. Node's MessageChannel is
// deliberately not copied: React's scheduler would keep its port open and jest would never exit.
const { TestEnvironment } = require('jest-environment-jsdom');

class DomWithFetchEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    const g = this.global;
    for (const name of ['fetch', 'Response', 'Request', 'Headers', 'ReadableStream', 'TextEncoder', 'TextDecoder', 'TextDecoderStream', 'AbortController', 'structuredClone']) {
      if (typeof g[name] === 'undefined' && typeof globalThis[name] !== 'undefined') g[name] = globalThis[name];
    }
  }
}

module.exports = DomWithFetchEnvironment;
