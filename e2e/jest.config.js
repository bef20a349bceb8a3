// Browser journeys in Debian's Chromium against one isolated stack (ARCHITECTURE §10).
// Run: npm test (phase e2e), or `npx jest -c e2e/jest.config.js --runInBand`.
// LAKORN_E2E_URL=http://localhost:8080 runs them against a Lakorn already running instead.
const preset = require('../jest.preset')(__dirname);

module.exports = {
  ...preset,
  displayName: 'e2e',
  testMatch: ['<rootDir>/journeys/**/*.test.ts'],
  globalSetup: '<rootDir>/globalSetup.ts',
  globalTeardown: '<rootDir>/globalTeardown.ts',
  // A journey drives a real browser through real services on 2 cores.
  testTimeout: 120_000,
  // One stack, one browser at a time: journeys run in band.
  maxWorkers: 1,
};
