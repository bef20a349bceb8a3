const createConfig = require('../infra/webpack/createConfig');

module.exports = createConfig({ dir: __dirname, exposes: { './App': './src/exposedApp.ts' } });
