import { Router } from 'express';
import { AcknowledgeMaintenanceBody, AgeConfirmationBody, Id, UpdateProfileBody, UsernameBody } from '@lakorn/contracts';
import { assertSelf, parse, requireActor } from '@lakorn/service-kit';
import type { Accounts } from '../domain/accounts';
import type { Sessions } from '../domain/sessions';
import { clearSessionCookie, setSessionCookie, type SessionIssuer } from './session';

export function userRoutes(deps: { accounts: Accounts; sessions: Sessions; issuer: SessionIssuer }): Router {
  const { accounts } = deps;
  const router = Router();

  // spec §7: GET /api/users/{id}?_t= (the profile refresh). Only one's own profile.
  router.get('/api/users/:id', async (req, res) => {
    const actor = requireActor(req);
    assertSelf(actor, parse(Id, req.params.id));
    res.set('Cache-Control', 'no-store').json(await accounts.profile(actor.id));
  });

  router.put('/api/users/profile', async (req, res) => {
    const actor = requireActor(req);
    const body = parse(UpdateProfileBody, req.body);
    assertSelf(actor, body.uid, body.userId);
    res.json(await accounts.updateProfile(actor.id, { username: body.username, profileUrl: body.profileUrl }));
  });

  router.put('/api/users/username', async (req, res) => {
    const actor = requireActor(req);
    const body = parse(UsernameBody, req.body);
    assertSelf(actor, body.uid, body.userId);
    res.json(await accounts.changeUsername(actor.id, body.username));
  });

  router.post('/api/users/acknowledge-maintenance', async (req, res) => {
    const actor = requireActor(req);
    const body = parse(AcknowledgeMaintenanceBody, req.body ?? {});
    assertSelf(actor, body.userId, body.uid);
    res.json(await accounts.acknowledgeMaintenance(actor.id));
  });

  // The age gate (catalog README "Moderation and the age gate"): catalog and chat read the
  // confirmation from the session's `adult` claim, so the cookie is issued again with it. A
  // confirmation keeps this sign-in (a token without it only ever shows less). A withdrawal ends
  // every session of the member (sign out everywhere: another device's token still says adult) and
  // gives this device a new one, so no token claiming the confirmation stays accepted anywhere.
  router.post('/api/users/me/age-confirmation', async (req, res) => {
    const actor = requireActor(req);
    const { confirmed } = parse(AgeConfirmationBody, req.body ?? {});
    const profile = await accounts.setAgeConfirmed(actor.id, confirmed);
    if (!confirmed && actor.adult) {
      await deps.sessions.endAll(actor.id);
      setSessionCookie(res, deps.issuer, await deps.sessions.issue(profile));
    } else if (confirmed !== (actor.adult === true)) {
      setSessionCookie(res, deps.issuer, await deps.sessions.reissue(actor, profile));
    }
    res.set('Cache-Control', 'no-store').json(profile);
  });

  // Account deletion (spec §7 leaves the call unnamed): every service removes the user's data
  // on identity.user.deleted.
  router.delete('/api/users/me', async (req, res) => {
    const actor = requireActor(req);
    // Sessions end first: a crash after it leaves an account one signs in to again, never a token
    // of a deleted account still accepted at the other services.
    await deps.sessions.endAll(actor.id);
    await accounts.deleteAccount(actor.id);
    clearSessionCookie(res, deps.issuer);
    res.status(204).end();
  });

  return router;
}
