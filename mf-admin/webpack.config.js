const createConfig = require('../infra/webpack/createConfig');

module.exports = createConfig({ dir: __dirname, name: 'mf_admin', exposes: { './App': './src/App.tsx' } });
