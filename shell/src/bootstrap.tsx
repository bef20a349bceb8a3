import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { AppProviders, releaseFirstScreen } from '@lakorn/shell-sdk';
import { App } from './App';
import { earlySignedIn, takeEarlyRead } from './earlyReads';
import { remoteManifests, loadRemoteComponent } from './mf/remotes';
import { registerServiceWorker } from './pwa/registerServiceWorker';
import { remoteRouteFor } from './routing/routes';

// /remotes.json and the session were asked for as main.js ran (earlyReads.ts). A signed-in
// member's page then starts loading its remote at once, while React draws the shell: the remote's
// files are on their way already (the gateway's preload header) and its module starts the page's
// first reads as it loads (mf-discover's exposedApp.ts). A signed-out visit goes to /login and
// loads no remote; an admin page's remote waits for the session (RemotePage).
const signedIn = earlySignedIn();
remoteManifests()
  .then(async () => {
    const route = remoteRouteFor(window.location.pathname);
    // In a task of its own (not after another task's work): the remote's code then runs as its
    // own short tasks, not as the tail of a long one.
    if (route?.gate === 'member' && (await signedIn)) setTimeout(() => loadRemoteComponent(route.remote, './App', false).catch(() => undefined), 0);
  })
  .catch((error: unknown) => console.error('remotes.json failed', error));

registerServiceWorker();

/**
 * The longest the server's first screen stays over the app (README "First screen from the
 * server"): discover takes it away once it shows the same; if that has not happened by then (a
 * remote or a read that does not answer), the app's own state shows instead.
 */
const FIRST_SCREEN_MAX_MS = 10_000;
setTimeout(releaseFirstScreen, FIRST_SCREEN_MAX_MS);

// No GlobalStyle: the shell's pages carry the page-wide rules and the font faces from the build
// (packages/ui/src/globalCss.ts). Drawn again here they were parsed at the start, and the faces
// declared a second time relaid every line of the page (bench/README.md "lighthouse").
// The first render as a transition, which React draws in slices between the browser's other work
// instead of one long task (bench/README.md "lighthouse").
const root = createRoot(document.getElementById('root') as HTMLElement);
startTransition(() =>
  root.render(
    <StrictMode>
      <BrowserRouter>
        <AppProviders firstSession={() => takeEarlyRead('session')}>
          <App />
        </AppProviders>
      </BrowserRouter>
    </StrictMode>,
  ),
);
