// One jest run over every workspace (npm test calls it through the infra runner).
const workspaces = [
  'packages/contracts', 'packages/service-kit', 'packages/shell-sdk', 'packages/ui',
  'services/identity', 'services/catalog', 'services/chat', 'services/wallet', 'services/checkin',
  'gateway', 'shell', 'mf-discover', 'mf-chat', 'mf-wallet', 'mf-news', 'mf-admin',
  'infra',
];
module.exports = {
  projects: workspaces.map((w) => `<rootDir>/${w}`),
};
