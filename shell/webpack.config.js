const createConfig = require('../infra/webpack/createConfig');
const { PwaPlugin } = require('./pwa/plugin');
const { islandConfig, loginPage, LoginPagePlugin, ISLAND_DIR } = require('./webpack.login');
const { BootPreloadPlugin } = require('./webpack.bootPreload');
const { homePage, HomePagePlugin } = require('./webpack.home');

// The host: built with no remotes; it finds them through /remotes.json at start (ARCHITECTURE §9).
const shell = createConfig({
  dir: __dirname,
  host: true,
  staticPages: ['legal/terms.html', 'legal/privacy.html'],
});

// Two builds: the islands first (webpack.login.js: /login's small script and home.html's start),
// then the shell, which writes login.html and home.html naming them (webpack.home.js). Installable: manifest, icons, service worker and offline page
// (shell/pwa/plugin.js).
/**
 * The shared libraries every page's start runs (infra/webpack/shared.js: React, the router, SWR,
 * styled-components, our two packages) and what they import, as one file. Each shared library is
 * its own lazy chunk by default: the start fetched and ran 12 files, each a request, a script
 * element with its own timer in webpack's runtime, and a file too small for V8 to compile while it
 * downloads (bench/README.md "The federation runtime out of the start"). The contracts' browser
 * values and the font files' URLs go with them: left to webpack's defaults they were two more
 * chunks of 3–5 KB in every start (bench/README.md "A slow day: where the home's blocking time
 * comes from").
 */
const START_LIBRARIES = /[\\/](node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|styled-components|stylis|@emotion[\\/][\w-]+|@fontsource[\\/][\w-]+|swr|use-sync-external-store|dequal|shallowequal|tslib)[\\/]|packages[\\/](ui|shell-sdk|contracts)[\\/]|infra[\\/]webpack[\\/]react-router-dom\.shared)/;

module.exports = (env, argv) => {
  const config = shell(env, argv);
  config.name = 'shell';
  // The start's libraries in one file, `libraries.[hash].js`, beside main.js and bootstrap's chunk.
  config.optimization = {
    ...config.optimization,
    splitChunks: { cacheGroups: { libraries: { name: 'libraries', chunks: 'async', test: START_LIBRARIES, enforce: true, priority: 20 } } },
  };
  config.dependencies = ['login-island'];
  // The island's folder is the other build's output.
  config.output.clean = { keep: new RegExp(`^${ISLAND_DIR}/`) };
  // home.html's plugin last: it moves the start's tags the others have written (webpack.home.js).
  config.plugins.push(new PwaPlugin(), loginPage(), new LoginPagePlugin(), new BootPreloadPlugin(), homePage(), new HomePagePlugin());
  return [islandConfig(env, argv), config];
};
