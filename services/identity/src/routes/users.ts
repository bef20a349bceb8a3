import { Router } from 'express';
import { AcknowledgeMaintenanceBody, ERROR_CODES, Id, UpdateProfileBody, UsernameBody } from '@lakorn/contracts';
import { assertSelf, conflict, parse, requireActor, unauthorized } from '@lakorn/service-kit';
import { AccountNotFoundError, UsernameTakenError, type Accounts } from '../domain/accounts';
import { clearSessionCookie, type SessionIssuer } from './session';

/** Domain refusals as HTTP answers. */
async function answer<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof UsernameTakenError) throw conflict(error.message, ERROR_CODES.usernameTaken);
    if (error instanceof AccountNotFoundError) throw unauthorized(error.message);
    throw error;
  }
}

export function userRoutes(deps: { accounts: Accounts; issuer: SessionIssuer }): Router {
  const { accounts } = deps;
  const router = Router();

  // spec §7: GET /api/users/{id}?_t= (the profile refresh). Only one's own profile.
  router.get('/api/users/:id', async (req, res) => {
    const actor = requireActor(req);
    assertSelf(actor, parse(Id, req.params.id));
    const profile = await accounts.profile(actor.id);
    if (!profile) throw unauthorized('Account not found');
    res.set('Cache-Control', 'no-store').json(profile);
  });

  router.put('/api/users/profile', async (req, res) => {
    const actor = requireActor(req);
    const body = parse(UpdateProfileBody, req.body);
    assertSelf(actor, body.uid, body.userId);
    res.json(await answer(() => accounts.updateProfile(actor.id, { username: body.username, profileUrl: body.profileUrl })));
  });

  router.put('/api/users/username', async (req, res) => {
    const actor = requireActor(req);
    const body = parse(UsernameBody, req.body);
    assertSelf(actor, body.uid, body.userId);
    res.json(await answer(() => accounts.changeUsername(actor.id, body.username)));
  });

  router.post('/api/users/acknowledge-maintenance', async (req, res) => {
    const actor = requireActor(req);
    const body = parse(AcknowledgeMaintenanceBody, req.body ?? {});
    assertSelf(actor, body.userId, body.uid);
    res.json(await answer(() => accounts.acknowledgeMaintenance(actor.id)));
  });

  // Account deletion (spec §7 leaves the call unnamed): every service removes the user's data
  // on identity.user.deleted.
  router.delete('/api/users/me', async (req, res) => {
    const actor = requireActor(req);
    await answer(() => accounts.deleteAccount(actor.id));
    clearSessionCookie(res, deps.issuer);
    res.status(204).end();
  });

  return router;
}
