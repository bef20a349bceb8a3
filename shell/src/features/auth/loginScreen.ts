// The sign-in screen of a page load of /login (spec §2), without React: the gateway serves
// login.html, whose first screen is HTML and CSS (loginScreen.html), and this small script makes
// it work. A phone then paints the screen with the HTML and runs no framework before it can sign
// in (bench/README.md "lighthouse": React's render and run-time styles were most of /login's
// main-thread time). In-app visits to /login (after a sign-out) still render LoginPage.tsx; both
// keep the same rules through signIn.ts and messages.ts.
import { SESSION_ENDED_MESSAGE, type AuthConfig, type Profile } from '@lakorn/contracts/web';
import { getJson, takeSessionEndedNotice } from '@lakorn/shell-sdk';
import { AUTH_TEXT } from './messages';
import { returnPathAfterSignIn } from './returnPath';
import { isMobileDevice, readRedirectReturn, SignInError, signInWithPopup, storeError, takeStoredError, verifyCredential } from './signIn';

/**
 * The one place this page leaves for the app, where the React gate would send a signed-in member:
 * spec §2's /, or once the shared link they came from (returnPath.ts). A seam for tests: jsdom
 * cannot navigate.
 */
export const loginNavigation = {
  home: () => window.location.replace(returnPathAfterSignIn()),
};

const ALERT_PATH = 'M10.3 3.9L1.8 18a2 2 0 0 0 1.7 3h17a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0zM12 9v4M12 17h.01';

/** The error box of LoginPage (an alert icon and the text), as the static page styles it. */
function messageBox(role: 'alert' | 'status', text: string): HTMLElement {
  const box = document.createElement('div');
  box.className = 'login-message';
  box.setAttribute('role', role);
  box.innerHTML = `<svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true" focusable="false"><path d="${ALERT_PATH}"></path></svg><span></span>`;
  (box.querySelector('span') as HTMLElement).textContent = text;
  return box;
}

/**
 * Wires the static sign-in screen under `root` (its `[data-login-actions]` and
 * `[data-login-button]`). Answers when the first checks are done (tests wait on it).
 */
export async function startLoginScreen(root: ParentNode): Promise<void> {
  const actions = root.querySelector<HTMLElement>('[data-login-actions]');
  const button = root.querySelector<HTMLButtonElement>('[data-login-button]');
  if (!actions || !button) return;

  let config: AuthConfig | null = null;
  let busy: string | null = null;
  let error: string | null = null;
  let message: HTMLElement | null = null;
  // The member came here because the session ended (service-kit README "Sessions"): say so once.
  const ended = takeSessionEndedNotice();

  const render = () => {
    message?.remove();
    message = error ? messageBox('alert', error) : ended ? messageBox('status', SESSION_ENDED_MESSAGE) : null;
    if (message) actions.insertBefore(message, button);
    button.disabled = !config || busy !== null;
    button.setAttribute('aria-busy', String(busy !== null));
    if (busy) {
      button.innerHTML = '<span class="login-spinner" role="status" aria-label="กำลังโหลด"></span><span></span>';
      (button.lastElementChild as HTMLElement).textContent = busy;
    } else {
      button.textContent = config?.provider === 'dev' ? AUTH_TEXT.signInDev : AUTH_TEXT.signInGoogle;
    }
  };
  const setError = (text: string | null) => {
    error = text;
    render();
  };
  const setBusy = (text: string | null) => {
    busy = text;
    render();
  };
  // spec §2: a failed sign-in stores its error; /login shows a stored error once, prefixed, then
  // clears it.
  const showStoredError = () => {
    const stored = takeStoredError();
    if (stored) setError(`${AUTH_TEXT.storedErrorPrefix} ${stored}`);
  };
  const failSignIn = (text: string) => {
    storeError(text);
    showStoredError();
  };
  const signedIn = (_profile: Profile) => loginNavigation.home();

  button.addEventListener('click', () => {
    if (!config || busy !== null) return;
    error = null;
    setBusy(AUTH_TEXT.signingIn);
    signInWithPopup().then(
      (outcome) => {
        if (outcome.kind === 'signed-in') signedIn(outcome.profile);
        else if (outcome.popupBlocked) setBusy(isMobileDevice() ? AUTH_TEXT.popupBlockedMobile : AUTH_TEXT.popupBlockedDesktop);
      },
      (e: unknown) => {
        busy = null;
        if (e instanceof SignInError) failSignIn(AUTH_TEXT.verifyFailed);
        else setError(AUTH_TEXT.generic);
      },
    );
  });

  render();
  const loadConfig = () =>
    getJson<AuthConfig>('/api/auth/config')
      .then((c) => {
        if (!c) return setError(AUTH_TEXT.generic);
        config = c;
        window.removeEventListener('online', loadConfig);
        if (error === AUTH_TEXT.generic) error = null;
        render();
      })
      .catch(() => setError(AUTH_TEXT.generic));
  // Settings lost to the network are asked for again when it returns, as LoginPage does.
  window.addEventListener('online', loadConfig);
  const configured = loadConfig();

  // spec §2 sends a signed-in member on from /login: the gateway serves their page load of /login
  // the app, whose gate does that (gateway web/staticSite.ts), so this page is a signed-out
  // visitor's and asks for no session.

  // A redirect return is finished here (spec §4 Auth; the 30-second failed return of spec §2).
  showStoredError();
  const check = (): Promise<void> | void => {
    const back = readRedirectReturn();
    if (back.kind === 'credential') {
      setBusy(AUTH_TEXT.signingIn);
      return verifyCredential(back.credential).then(signedIn, () => {
        busy = null;
        failSignIn(AUTH_TEXT.verifyFailed);
      });
    }
    if (back.kind === 'error') failSignIn(AUTH_TEXT.googleFailed);
    else if (back.kind === 'failed') setError(AUTH_TEXT.failedReturn);
    else if (back.kind === 'pending') setTimeout(check, back.remainingMs + 50);
  };
  await check();
  await configured;
}
