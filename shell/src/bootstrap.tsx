import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { AppProviders } from '@lakorn/shell-sdk';
import { GlobalStyle } from '@lakorn/ui';
import { App } from './App';
import { ensureRemotesRegistered, loadRemoteComponent } from './mf/remotes';
import { registerServiceWorker } from './pwa/registerServiceWorker';
import { remoteRouteFor } from './routing/routes';

// Start fetching /remotes.json at once; pages that need a remote wait for it. The remote of the
// page being opened starts loading as soon as it is known, while the session is still being read
// (a member's page: admin pages load only once the session allows them, RemotePage).
ensureRemotesRegistered()
  .then(() => {
    const route = remoteRouteFor(window.location.pathname);
    if (route?.gate === 'member') loadRemoteComponent(route.remote, './App', false).catch(() => undefined);
  })
  .catch((error: unknown) => console.error('remotes.json failed', error));

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
