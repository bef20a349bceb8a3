// One jest run over every workspace (npm test calls it through the infra runner).
const workspaces = [
  'packages/contracts', 'packages/service-kit', 'packages/shell-sdk', 'packages/ui',
  'services/identity', 'services/catalog', 'services/chat', 'services/wallet', 'services/checkin',
  'gateway', 'shell', 'mf-discover', 'mf-chat', 'mf-wallet', 'mf-news', 'mf-admin',
  'infra',
];
module.exports = {
  // testTimeout is one of jest's global settings: in a run over projects the presets' value is not
  // read, so it is given here too (30 s on 2 shared cores; no test asserts a duration).
  testTimeout: require('./jest.preset.js').TEST_TIMEOUT_MS,
  projects: workspaces.map((w) => `<rootDir>/${w}`),
};
