// The script of login.html, the page the gateway serves for a page load of /login: no React, no
// federation runtime, so the sign-in screen (its HTML) is ready before the app would be.
import { startLoginScreen } from './features/auth/loginScreen';
import { registerServiceWorker } from './pwa/registerServiceWorker';

void startLoginScreen(document);
registerServiceWorker();
