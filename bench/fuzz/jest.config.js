// The fuzz suite in `npm test` (its own phase after the workspaces' jest run, infra/src/testRun.ts):
// one file that starts its own isolated stack. Run alone: `npx jest -c bench/fuzz/jest.config.js`.
const preset = require('../../jest.preset')(__dirname);

module.exports = {
  ...preset,
  displayName: 'fuzz',
  testMatch: ['<rootDir>/*.test.ts'],
  // The stack's start and about 1 100 requests: 3 min at load 23 on 2 shared cores (bench/README.md
  // "fuzz"); the limit leaves room for a busier machine.
  testTimeout: 480_000,
  maxWorkers: 1,
};
