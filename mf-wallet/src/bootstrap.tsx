import { createRoot } from 'react-dom/client';
import { MemoryRouter } from 'react-router-dom';
import { AppProviders, useToast } from '@lakorn/shell-sdk';
import { GlobalStyle, ToastViewport } from '@lakorn/ui';
import App from './App';
import PromoCodePanel from './features/promo/PromoCodePanel';
import TopUpPanel from './features/top-up/TopUpPanel';

// Standalone harness for running the remote alone; in the product the shell provides all of this
// (and places the two panels on its /profile page).

function Toasts() {
  const { toasts, dismiss } = useToast();
  return <ToastViewport toasts={toasts} onDismiss={dismiss} />;
}

let container = document.getElementById('root');
if (!container) {
  container = document.createElement('div');
  container.id = 'root';
  document.body.appendChild(container);
}

const start = location.hash.slice(1) || '/';

createRoot(container).render(
  <AppProviders>
    <GlobalStyle />
    <MemoryRouter initialEntries={[start]}>
      <App />
      {start === '/' ? (
        <>
          <TopUpPanel />
          <PromoCodePanel />
        </>
      ) : null}
    </MemoryRouter>
    <Toasts />
  </AppProviders>,
);
