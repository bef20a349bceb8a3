// /login as a static page (bench/README.md "lighthouse"): the sign-in screen is HTML and CSS
// (src/features/auth/loginScreen.html) in login.html, the gateway's answer to a page load of
// /login, with one small script (src/login.ts → dist/island/) instead of React and the federation
// runtime. A phone paints the screen from the HTML and has almost no script to run before the
// button works. In-app visits to /login still render the React LoginPage.
const fs = require('node:fs');
const path = require('node:path');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const { scriptRule } = require('../infra/webpack/createConfig');
const { publicPathOf } = require('./webpack.fonts');

const ISLAND_DIR = 'island';
const SCREEN = path.join(__dirname, 'src', 'features', 'auth', 'loginScreen.html');

/** What the island's build wrote (its compiler runs first), for the shell's login.html and home.html. */
const island = { scripts: {} };

/**
 * The islands: src/login.ts (login.html's script) and src/appStart.ts (home.html's, webpack.home.js),
 * each alone, no federation (nothing here is shared with a remote).
 */
function islandConfig(_env, argv) {
  const production = argv.mode !== 'development';
  return {
    name: 'login-island',
    mode: production ? 'production' : 'development',
    context: __dirname,
    entry: { login: './src/login.ts', start: './src/appStart.ts' },
    devtool: production ? 'hidden-source-map' : false,
    output: {
      path: path.join(__dirname, 'dist', ISLAND_DIR),
      publicPath: `/${ISLAND_DIR}/`,
      filename: production ? '[name].[contenthash:8].js' : '[name].js',
      clean: true,
    },
    resolve: {
      extensions: ['.tsx', '.ts', '.js', '.mjs'],
      // The island uses only shell-sdk's fetcher (request, getJson, the session-ended notice);
      // its index would bring React with the session and the toasts.
      alias: { '@lakorn/shell-sdk$': path.join(__dirname, '..', 'packages', 'shell-sdk', 'src', 'fetcher.ts') },
    },
    module: { rules: [scriptRule(production)] },
    plugins: [
      {
        apply(compiler) {
          compiler.hooks.done.tap('LoginIsland', (stats) => {
            const { entrypoints } = stats.toJson({ all: false, entrypoints: true });
            for (const name of ['login', 'start']) island.scripts[name] = entrypoints?.[name]?.assets?.map((a) => a.name).find((file) => file.endsWith('.js'));
          });
        },
      },
    ],
    performance: { hints: false },
    stats: 'errors-warnings',
    infrastructureLogging: { level: 'warn' },
  };
}

/** login.html: the shell's index.html (same head) with the screen in #root and the island's script. */
function loginPage() {
  return new HtmlWebpackPlugin({
    filename: 'login.html',
    template: path.join(__dirname, 'src', 'index.html'),
    chunks: [],
    firstScreen: fs.readFileSync(SCREEN, 'utf8'),
  });
}

class LoginPagePlugin {
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('LoginPagePlugin', (compilation) => {
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap('LoginPagePlugin', (data) => {
        if (data.outputName !== 'login.html') return data;
        if (!island.scripts.login) throw new Error('login.html: the login island was not built first');
        const tag = HtmlWebpackPlugin.createHtmlTagObject;
        // The page's font faces come with index.html's (shell/pwa/plugin.js).
        data.headTags.push(tag('script', { defer: true, src: `${publicPathOf(compilation)}${ISLAND_DIR}/${island.scripts.login}` }));
        return data;
      });
    });
  }
}

module.exports = { islandConfig, loginPage, LoginPagePlugin, ISLAND_DIR, island };
