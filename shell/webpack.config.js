const createConfig = require('../infra/webpack/createConfig');
const { PwaPlugin } = require('./pwa/plugin');
const { islandConfig, loginPage, LoginPagePlugin, ISLAND_DIR } = require('./webpack.login');
const { BootPreloadPlugin } = require('./webpack.bootPreload');
const { homePage, HomePagePlugin } = require('./webpack.home');

// The host: built with no remotes; it registers them from /remotes.json at start (ARCHITECTURE §9).
const shell = createConfig({
  dir: __dirname,
  host: true,
  staticPages: ['legal/terms.html', 'legal/privacy.html'],
});

// Two builds: the islands first (webpack.login.js: /login's small script and home.html's start),
// then the shell, which writes login.html and home.html naming them (webpack.home.js). Installable: manifest, icons, service worker and offline page
// (shell/pwa/plugin.js).
module.exports = (env, argv) => {
  const config = shell(env, argv);
  config.name = 'shell';
  config.dependencies = ['login-island'];
  // The island's folder is the other build's output.
  config.output.clean = { keep: new RegExp(`^${ISLAND_DIR}/`) };
  // home.html's plugin last: it moves the start's tags the others have written (webpack.home.js).
  config.plugins.push(new PwaPlugin(), loginPage(), new LoginPagePlugin(), new BootPreloadPlugin(), homePage(), new HomePagePlugin());
  return [islandConfig(env, argv), config];
};
