const createConfig = require('../infra/webpack/createConfig');
const { PwaPlugin } = require('./pwa/plugin');
const { islandConfig, loginPage, LoginPagePlugin, ISLAND_DIR } = require('./webpack.login');
const { BootPreloadPlugin } = require('./webpack.bootPreload');

// The host: built with no remotes; it registers them from /remotes.json at start (ARCHITECTURE §9).
const shell = createConfig({
  dir: __dirname,
  host: true,
  staticPages: ['legal/terms.html', 'legal/privacy.html'],
});

// Two builds: the /login page's small script first (webpack.login.js), then the shell, which
// writes login.html naming it. Installable: manifest, icons, service worker and offline page
// (shell/pwa/plugin.js).
module.exports = (env, argv) => {
  const config = shell(env, argv);
  config.name = 'shell';
  config.dependencies = ['login-island'];
  // The island's folder is the other build's output.
  config.output.clean = { keep: new RegExp(`^${ISLAND_DIR}/`) };
  config.plugins.push(new PwaPlugin(), loginPage(), new LoginPagePlugin(), new BootPreloadPlugin());
  return [islandConfig(env, argv), config];
};
