// The fuzz suite in `npm test` (its own phase after the workspaces' jest run, infra/src/testRun.ts):
// one file that starts its own isolated stack. Run alone: `npx jest -c bench/fuzz/jest.config.js`.
const preset = require('../../jest.preset')(__dirname);

module.exports = {
  ...preset,
  displayName: 'fuzz',
  testMatch: ['<rootDir>/*.test.ts'],
  // The stack's start and a few thousand requests on 2 shared cores (bench/README.md "fuzz").
  testTimeout: 300_000,
  maxWorkers: 1,
};
