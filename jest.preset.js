// Shared jest settings for every workspace: TypeScript/TSX through SWC (fast on 2 cores).
const path = require('node:path');

// Tests drive real FerretDB, RabbitMQ and jsdom on 2 shared cores, two files at a time: jest's 5 s
// default fails correct tests when the machine is busy. Nothing here asserts a duration.
const TEST_TIMEOUT_MS = 30_000;

/** @param {string} dir the workspace folder; @param {'node'|'jsdom'} environment */
module.exports = jestPreset;
module.exports.TEST_TIMEOUT_MS = TEST_TIMEOUT_MS;

function jestPreset(dir, environment = 'node') {
  return {
    displayName: path.relative(__dirname, dir) || 'root',
    rootDir: dir,
    testEnvironment: environment === 'jsdom' ? path.join(__dirname, 'jest.env-dom.js') : 'node',
    testMatch: ['<rootDir>/**/*.test.ts', '<rootDir>/**/*.test.tsx'],
    testPathIgnorePatterns: ['/node_modules/', '/dist/'],
    testTimeout: TEST_TIMEOUT_MS,
    transform: {
      '^.+\\.(t|j)sx?$': [
        require.resolve('@swc/jest'),
        {
          jsc: {
            parser: { syntax: 'typescript', tsx: true },
            transform: { react: { runtime: 'automatic' } },
            target: 'es2022',
          },
          module: { type: 'commonjs' },
        },
      ],
    },
    transformIgnorePatterns: ['/node_modules/(?!(@lakorn)/)'],
    moduleNameMapper: {
      '\\.(woff2|png|svg|jpg)$': path.join(__dirname, 'jest.asset-stub.js'),
    },
    setupFilesAfterEnv: environment === 'jsdom' ? [path.join(__dirname, 'jest.setup-dom.js')] : [],
  };
}
