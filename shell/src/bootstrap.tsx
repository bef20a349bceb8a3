import { StrictMode, startTransition } from 'react';
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

// The first render as a transition: React renders it in slices and yields to the browser between
// them, so a phone's main thread is not blocked for the whole tree at once (ARCHITECTURE §9,
// bench/README "lighthouse": total blocking time).
const root = createRoot(document.getElementById('root') as HTMLElement);
startTransition(() =>
  root.render(
    <StrictMode>
      <BrowserRouter>
        <AppProviders>
          <GlobalStyle />
          <App />
        </AppProviders>
      </BrowserRouter>
    </StrictMode>,
  ),
);
