// Webpack config factory for the shell (host) and the five remotes (ARCHITECTURE §9).
// The shell is built with no remotes: it reads /remotes.json at start and loads each remote by its
// manifest when a page needs it (shell/src/mf/remotes.ts).
const path = require('node:path');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const { ModuleFederationPlugin } = require('webpack').container;
const shared = require('./shared');
const { FederationManifestPlugin } = require('./manifest');
const { PrecompressPlugin } = require('./precompress');
const { CompileHintsPlugin } = require('./compileHints');

/**
 * @param {object} options
 * @param {string} options.dir        the app's folder (holds src/ and dist/); its name gives the
 *                                    federation name (mf-chat → mf_chat, as contracts' federationName
 *                                    and the gateway's /remotes.json say), so no list repeats it
 * @param {Record<string,string>} [options.exposes]  remote modules, e.g. {'./App': './src/App.tsx'}
 * @param {boolean} [options.host]    true for the shell: emits index.html
 * @param {string[]} [options.staticPages] host only: extra HTML files under src/ copied as they are
 */
/** TypeScript and JSX through swc, our workspaces included (they ship their sources). */
function scriptRule(production) {
  return {
    test: /\.[jt]sx?$/,
    exclude: /node_modules\/(?!@lakorn)/,
    use: {
      loader: 'swc-loader',
      options: {
        jsc: {
          parser: { syntax: 'typescript', tsx: true },
          transform: { react: { runtime: 'automatic', development: !production } },
          target: 'es2020',
        },
      },
    },
  };
}

/**
 * A remote's own start (its `src/index.ts` import of `./bootstrap`: the standalone harness, shell-sdk
 * standalone.tsx). Left to webpack's defaults, the modules it shares with what the remote exposes
 * (the page) became a chunk of their own, so the shell loaded each remote's first route as the entry
 * and two chunks: one more request and script run in every page load (bench/README.md "A slow day:
 * where the home's blocking time comes from"). Kept out of the split, the exposed module is one
 * chunk; the harness, never loaded by the shell, carries its own copy.
 */
const STANDALONE_CHUNK = 'standalone';

/**
 * Whether a chunk is what the remote exposes (its group made by the container's entry). Kept out
 * of the split too: when the page and a shared module's fallback (@lakorn/ui, shell-sdk, which the
 * shell provides, so never loaded there) import the same contracts values, webpack split those into
 * a chunk of their own, and the shell loaded the first route as three files again. Modules the
 * exposed chunk holds are available to its own lazy chunks, so this duplicates nothing they load.
 */
function isExposedChunk(chunk) {
  for (const group of chunk.groupsIterable) {
    for (const origin of group.origins) if (origin.module?.constructor?.name === 'ContainerEntryModule') return true;
  }
  return false;
}

module.exports = function createConfig({ dir, exposes, host = false, staticPages = [] }) {
  const name = path.basename(dir).replace(/-/g, '_');
  return (_env, argv) => {
    const production = argv.mode !== 'development';
    return {
      mode: production ? 'production' : 'development',
      context: dir,
      entry: './src/index.ts',
      // Hidden maps: written for debugging a production error, never linked from a bundle nor served
      // (gateway/src/web/staticSite.ts answers 404 for *.map).
      devtool: production ? 'hidden-source-map' : 'eval-cheap-module-source-map',
      output: {
        path: path.join(dir, 'dist'),
        publicPath: host ? '/' : 'auto',
        filename: production ? '[name].[contenthash:8].js' : '[name].js',
        chunkFilename: production ? '[name].[contenthash:8].js' : '[name].js',
        assetModuleFilename: 'assets/[name].[contenthash:8][ext]',
        uniqueName: name,
        clean: true,
      },
      resolve: { extensions: ['.tsx', '.ts', '.js', '.mjs'] },
      module: {
        rules: [
          scriptRule(production),
          { test: /\.(woff2?|png|jpe?g|svg|webp|gif)$/i, type: 'asset/resource' },
        ],
      },
      plugins: [
        // webpack's own federation (README "Where this differs from ARCHITECTURE"): sharing and
        // containers are part of webpack's runtime in each build. @module-federation/enhanced's
        // runtime library made the shell's main.js 89 KB (now 8 KB), evaluated and started before
        // any of our code on every load. A remote's mf-manifest.json comes from manifest.js.
        new ModuleFederationPlugin({
          name,
          // Hashed in production like every other script, so the service worker may keep it (shell/src/pwa/sw.js); mf-manifest.json names it.
          filename: production && !host ? 'remoteEntry.[contenthash:8].js' : 'remoteEntry.js',
          exposes: exposes ?? {},
          shared,
        }),
        ...(host ? [] : [new FederationManifestPlugin({ name })]),
        ...(production ? [new CompileHintsPlugin(), new PrecompressPlugin()] : []),
        ...(host
          ? [
              new HtmlWebpackPlugin({ template: path.join(dir, 'src/index.html') }),
              ...staticPages.map(
                (page) => new HtmlWebpackPlugin({ filename: path.basename(page), template: path.join(dir, 'src', page), inject: false }),
              ),
            ]
          : []),
      ],
      ...(host ? {} : { optimization: { splitChunks: { chunks: (chunk) => !chunk.canBeInitial() && chunk.name !== STANDALONE_CHUNK && !isExposedChunk(chunk) } } }),
      performance: { hints: false },
      stats: 'errors-warnings',
      infrastructureLogging: { level: 'warn' },
    };
  };
};

/** Where a front end's server module is written: beside dist/, so no static route serves it. */
const SERVER_DIR = 'dist-server';

/**
 * A front end's server module (README "First screen from the server"): `entry` bundled with
 * everything it imports (React, styled-components, our packages) into one CommonJS file,
 * `dist-server/first-screen.js`, that the gateway loads to draw a page's first screen as HTML.
 * A picture or font it imports keeps the URL of the browser build's file (same name, under the
 * remote's folder as the gateway serves it, ARCHITECTURE §9), and is not written again.
 */
function createServerConfig({ dir, entry }) {
  return (_env, argv) => {
    const production = argv.mode !== 'development';
    return {
      name: `${path.basename(dir)}-server`,
      mode: production ? 'production' : 'development',
      target: 'node',
      context: dir,
      entry: { 'first-screen': entry },
      devtool: false,
      output: {
        path: path.join(dir, SERVER_DIR),
        filename: '[name].js',
        library: { type: 'commonjs2' },
        publicPath: `/remotes/${path.basename(dir)}/`,
        assetModuleFilename: 'assets/[name].[contenthash:8][ext]',
        clean: true,
      },
      resolve: { extensions: ['.tsx', '.ts', '.js', '.mjs'] },
      module: {
        rules: [
          scriptRule(production),
          { test: /\.(woff2?|png|jpe?g|svg|webp|gif)$/i, type: 'asset/resource', generator: { emit: false } },
        ],
      },
      // Readable in a stack trace on the server; its size costs nothing there.
      optimization: { minimize: false },
      performance: { hints: false },
      stats: 'errors-warnings',
      infrastructureLogging: { level: 'warn' },
    };
  };
}

module.exports.scriptRule = scriptRule;
module.exports.createServerConfig = createServerConfig;
module.exports.SERVER_DIR = SERVER_DIR;
