const createConfig = require('../infra/webpack/createConfig');
const { createServerConfig } = require('../infra/webpack/createConfig');

// The remote's browser build, and its server module: the home's first screen drawn as HTML by the
// gateway (src/firstScreen.server.tsx; README "First screen from the server").
const browser = createConfig({ dir: __dirname, exposes: { './App': './src/exposedApp.ts' } });
const server = createServerConfig({ dir: __dirname, entry: './src/firstScreen.server.tsx' });

module.exports = (env, argv) => [browser(env, argv), server(env, argv)];
