import express, { Router } from 'express';
import { AuthConfig, DevTokenBody, SignInStartQuery, VerifyBody } from '@lakorn/contracts';
import { internalAccess, localOnly, notFound, parse, requireActor } from '@lakorn/service-kit';
import type { Accounts } from '../domain/accounts';
import { AccountNotFound } from '../domain/errors';
import type { DevIdentityProvider } from '../domain/idTokens';
import type { Sessions } from '../domain/sessions';
import type { SignInNonces } from '../domain/signInNonces';
import { callbackPage, callbackScript, devAuthorizePage } from './pages';
import { clearSessionCookie, readSignInCookie, setSessionCookie, setSignInCookie, type SessionIssuer } from './session';

export interface AuthRouteDeps {
  accounts: Accounts;
  sessions: Sessions;
  nonces: SignInNonces;
  /** Present only when the development identity provider runs (no GOOGLE_CLIENT_ID). */
  devProvider?: DevIdentityProvider;
  /** ALLOW_DEV_FROM_NETWORK: the development sign-in answers other addresses than this machine. */
  allowDevFromNetwork: boolean;
  googleClientId?: string;
  /** INTERNAL_TOKEN: who may read the internal routes besides this machine (service-kit README "Internal routes"). */
  internalToken?: string;
  issuer: SessionIssuer;
  /** How long a brand-new account's sign-in waits for the registration bonus to arrive. */
  firstBalanceWaitMs: number;
}

const GOOGLE_AUTHORIZE = 'https://accounts.google.com/o/oauth2/v2/auth';
const DEV_AUTHORIZE = '/api/auth/dev/authorize';

export function authRoutes(deps: AuthRouteDeps): Router {
  const router = Router();

  router.get('/api/auth/config', (_req, res) => {
    const config: AuthConfig = deps.devProvider
      ? { provider: 'dev', authorizeUrl: DEV_AUTHORIZE }
      : { provider: 'google', authorizeUrl: GOOGLE_AUTHORIZE, clientId: deps.googleClientId };
    res.set('Cache-Control', 'no-store').json(config);
  });

  /**
   * Where the sign-in button's popup or page goes first (README "Sign-in nonces"): a nonce for
   * this browser, bound by its sign-in cookie, then on to the provider with it. The address is
   * the provider's own, so this is no open redirect.
   */
  router.get('/api/auth/start', async (req, res) => {
    const query = parse(SignInStartQuery, req.query);
    const browser = readSignInCookie(req) ?? deps.nonces.newBrowserSecret();
    const nonce = await deps.nonces.issue(browser);
    setSignInCookie(res, deps.issuer, browser);
    const params = new URLSearchParams({ state: query.state, nonce });
    if (!deps.devProvider) {
      params.set('client_id', deps.googleClientId ?? '');
      params.set('response_type', 'id_token');
      params.set('scope', 'openid email profile');
      params.set('prompt', 'select_account');
      if (query.redirect_uri) params.set('redirect_uri', query.redirect_uri);
    }
    res.set('Cache-Control', 'no-store').redirect(302, `${deps.devProvider ? DEV_AUTHORIZE : GOOGLE_AUTHORIZE}?${params.toString()}`);
  });

  // spec §7: POST /api/auth/verify. The credential is the only source of identity; its nonce
  // must be one identity issued to this browser (or to this development token), used once.
  router.post('/api/auth/verify', async (req, res) => {
    const body = parse(VerifyBody, req.body);
    const { profile, created } = await deps.accounts.signIn(body.credential, { nonce: body.nonce, browser: readSignInCookie(req) });
    setSessionCookie(res, deps.issuer, await deps.sessions.issue(profile));
    // A new member should see the registration bonus on the first screen: give the wallet a
    // moment to credit it (it arrives as wallet.balance.changed), then answer either way.
    const shown = created ? await deps.accounts.awaitFirstBalance(profile.id, deps.firstBalanceWaitMs) : profile;
    res.json(shown);
  });

  /** Who is signed in (the cookie is httpOnly). Re-issues the cookie when roles changed. */
  router.get('/api/auth/session', async (req, res) => {
    const actor = requireActor(req);
    const profile = await deps.accounts.profile(actor.id).catch((error: unknown) => {
      // The account is gone: its cookie goes too (routes/errors.ts answers the refusal).
      if (error instanceof AccountNotFound) clearSessionCookie(res, deps.issuer);
      throw error;
    });
    // The profile's roles are ADMIN_EMAILS and OWNER_EMAIL as they are now (ARCHITECTURE §5).
    if (profile.isAdmin !== actor.isAdmin || profile.isOwner !== actor.isOwner || profile.ageConfirmed !== (actor.adult === true)) setSessionCookie(res, deps.issuer, await deps.sessions.reissue(actor, profile));
    res.set('Cache-Control', 'no-store').json(profile);
  });

  // Logout ends this sign-in at every service, not only the cookie (service-kit README "Sessions").
  router.post('/api/auth/logout', async (req, res) => {
    if (req.actor) await deps.sessions.endSession(req.actor);
    clearSessionCookie(res, deps.issuer);
    res.status(204).end();
  });

  /** "Sign out everywhere" (profile page): every session of the member ends, this one included. */
  router.post('/api/auth/logout-everywhere', async (req, res) => {
    const actor = requireActor(req);
    await deps.sessions.endAll(actor.id);
    clearSessionCookie(res, deps.issuer);
    res.status(204).end();
  });

  /**
   * The list every process caches (service-kit SessionEnds reloads it from here). Outside /api, so
   * the gateway never proxies it; it names member ids and random sign-in ids, so it answers only
   * Lakorn's own processes: this machine's, or the service credential (INTERNAL_TOKEN).
   */
  router.get('/internal/sessions/ended', internalAccess(deps.internalToken), async (req, res) => {
    const since = Number(req.query.since ?? 0);
    res.set('Cache-Control', 'no-store').json(await deps.sessions.endsSince(Number.isFinite(since) && since > 0 ? since : 0));
  });

  // Where the provider sends the browser back (popup or full page), with the token in the fragment.
  router.get('/api/auth/callback', (_req, res) => {
    res.set('Cache-Control', 'no-store').type('html').send(callbackPage());
  });
  router.get('/api/auth/callback.js', (_req, res) => {
    res.set('Cache-Control', 'no-cache').type('application/javascript').send(callbackScript());
  });

  const dev = deps.devProvider;
  if (dev) {
    // ARCHITECTURE §5: whoever reaches the development sign-in can be anyone, admins included.
    router.use('/api/auth/dev', localOnly(deps.allowDevFromNetwork));
    router.get('/api/auth/dev/authorize', (req, res) => {
      const state = typeof req.query.state === 'string' ? req.query.state : '';
      const nonce = typeof req.query.nonce === 'string' ? req.query.nonce : '';
      res.set('Cache-Control', 'no-store').type('html').send(devAuthorizePage({ state, nonce }));
    });

    router.post('/api/auth/dev/authorize', express.urlencoded({ extended: false, limit: '10kb' }), (req, res) => {
      // A body that is neither a form nor JSON (XML, a broken multipart, none) leaves req.body unset:
      // the page again with its error, a 400, like any other wrong form.
      const form = (req.body ?? {}) as Record<string, unknown>;
      const state = typeof form.state === 'string' ? form.state : '';
      const fragment = new URLSearchParams({ state });
      if (form.action === 'cancel') {
        fragment.set('error', 'access_denied');
      } else {
        const parsed = DevTokenBody.safeParse({ email: form.email, name: form.name });
        if (!parsed.success) {
          res
            .status(400)
            .type('html')
            .send(devAuthorizePage({ state, nonce: String(form.nonce ?? ''), error: 'กรุณากรอกอีเมลและชื่อให้ถูกต้อง', email: String(form.email ?? ''), name: String(form.name ?? '') }));
          return;
        }
        const nonce = typeof form.nonce === 'string' && form.nonce ? form.nonce : undefined;
        fragment.set('id_token', dev.issue(parsed.data.email, parsed.data.name, nonce));
      }
      // Always back to our own callback: the page cannot be used as an open redirect.
      res.redirect(303, `/api/auth/callback#${fragment.toString()}`);
    });

    // Scripts sign in with this token and POST /api/auth/verify (README "Signing in locally"): the
    // nonce is identity's own, bound to the token rather than a browser, and good for one sign-in.
    router.post('/api/auth/dev/token', async (req, res) => {
      const body = parse(DevTokenBody, req.body);
      res.json({ credential: dev.issue(body.email, body.name, await deps.nonces.issue(null)) });
    });
  } else {
    router.all('/api/auth/dev/*path', () => {
      throw notFound('The development sign-in is not available here');
    });
  }

  return router;
}
