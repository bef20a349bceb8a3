const createConfig = require('../infra/webpack/createConfig');

// The host: built with no remotes; it registers them from /remotes.json at start (ARCHITECTURE §9).
module.exports = createConfig({
  dir: __dirname,
  name: 'shell',
  host: true,
  staticPages: ['legal/terms.html', 'legal/privacy.html'],
});
