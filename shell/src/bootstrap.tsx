import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { AppProviders } from '@lakorn/shell-sdk';
import { GlobalStyle } from '@lakorn/ui';
import { App } from './App';
import { ensureRemotesRegistered } from './mf/remotes';
import { registerServiceWorker } from './pwa/registerServiceWorker';

// Start fetching /remotes.json at once; pages that need a remote wait for it.
ensureRemotesRegistered().catch((error: unknown) => console.error('remotes.json failed', error));

registerServiceWorker();

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <BrowserRouter>
      <AppProviders>
        <GlobalStyle />
        <App />
      </AppProviders>
    </BrowserRouter>
  </StrictMode>,
);
