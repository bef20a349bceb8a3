// The one shared-dependency map every webpack config imports (ARCHITECTURE §9): each library the
// shell and the remotes share is a singleton, so a remote uses the shell's React, router, SWR,
// styled-components and, through @lakorn/shell-sdk, the shell's session, toasts and fetcher.
const path = require('node:path');

const root = path.resolve(__dirname, '../..');
const versionOf = (name) => require(require.resolve(`${name}/package.json`, { paths: [root] })).version;

const singleton = (name) => ({ singleton: true, requiredVersion: `^${versionOf(name)}`, version: versionOf(name) });
const workspace = (name) => ({ singleton: true, requiredVersion: false, version: versionOf(name) });

module.exports = {
  react: singleton('react'),
  'react/': singleton('react'),
  'react-dom': singleton('react-dom'),
  'react-dom/': singleton('react-dom'),
  'react-router-dom': { ...singleton('react-router-dom'), import: path.join(__dirname, 'react-router-dom.shared.mjs') },
  swr: singleton('swr'),
  'styled-components': singleton('styled-components'),
  '@lakorn/shell-sdk': workspace('@lakorn/shell-sdk'),
  '@lakorn/ui': workspace('@lakorn/ui'),
};
