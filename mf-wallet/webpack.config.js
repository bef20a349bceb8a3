const createConfig = require('../infra/webpack/createConfig');

module.exports = createConfig({
  dir: __dirname,
  exposes: {
    './App': './src/App.tsx',
    './TopUpPanel': './src/features/top-up/TopUpPanel.tsx',
    './PromoCodePanel': './src/features/promo/PromoCodePanel.tsx',
  },
});
