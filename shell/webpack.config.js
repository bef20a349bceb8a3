const createConfig = require('../infra/webpack/createConfig');
const { PwaPlugin } = require('./pwa/plugin');

// The host: built with no remotes; it registers them from /remotes.json at start (ARCHITECTURE §9).
const shell = createConfig({
  dir: __dirname,
  host: true,
  staticPages: ['legal/terms.html', 'legal/privacy.html'],
});

// Installable: manifest, icons, service worker and offline page (shell/pwa/plugin.js).
module.exports = (env, argv) => {
  const config = shell(env, argv);
  config.plugins.push(new PwaPlugin());
  return config;
};
