import { mountStandalone } from '@lakorn/shell-sdk/standalone';
import App from './App';
import PromoCodePanel from './features/promo/PromoCodePanel';
import TopUpPanel from './features/top-up/TopUpPanel';

// Standalone harness for running the remote alone; in the product the shell provides all of this
// (and places the two panels on its /profile page).
mountStandalone(App, {
  defaultPath: '/',
  extra: (path) =>
    path === '/' ? (
      <>
        <TopUpPanel />
        <PromoCodePanel />
      </>
    ) : null,
});
