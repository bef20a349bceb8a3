import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { AppProviders } from '@lakorn/shell-sdk';
import { GlobalStyle } from '@lakorn/ui';
import { App } from './App';
import { ensureRemotesRegistered } from './mf/remotes';
import { registerServiceWorker } from './pwa/registerServiceWorker';

// Start fetching /remotes.json at once; pages that need a remote wait for it. The page's remote
// files themselves are on their way already for a signed-in member (the gateway's preload header,
// gateway/src/web/pagePreloads.ts).
ensureRemotesRegistered().catch((error: unknown) => console.error('remotes.json failed', error));

registerServiceWorker();

// The first render as a transition, which React draws in slices between the browser's other work
// instead of one long task (bench/README.md "lighthouse").
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
