import { Router } from 'express';
import { PersonaIdParams, PersonaInput, PersonasOfUserParams, type Persona } from '@lakorn/contracts';
import { assertSelf, parse } from '@lakorn/service-kit';
import type { Personas } from '../domain/personas';
import { memberRoute, NoParams, noStore } from './member';

/** spec §7 personas: one's own only; at most LIMITS.personasPerUser (409 PERSONA_LIMIT beyond). */
export function personaRoutes({ personas }: { personas: Personas }): Router {
  const router = Router();

  router.get('/api/personas/user/:userId', memberRoute(PersonasOfUserParams, async ({ actor, params, res }) => {
    assertSelf(actor, params.userId);
    noStore(res);
    res.json((await personas.ofUser(actor)) satisfies Persona[]);
  }));

  router.post('/api/personas', memberRoute(NoParams, async ({ actor, req, res }) => {
    const { userId, ...fields } = parse(PersonaInput, req.body);
    assertSelf(actor, userId);
    res.status(201).json((await personas.create(actor, fields)) satisfies Persona);
  }));

  router.put('/api/personas/:id', memberRoute(PersonaIdParams, async ({ actor, params, req, res }) => {
    const { userId, ...fields } = parse(PersonaInput, req.body);
    assertSelf(actor, userId);
    res.json((await personas.update(actor, params.id, fields)) satisfies Persona);
  }));

  router.delete('/api/personas/:id', memberRoute(PersonaIdParams, async ({ actor, params, res }) => {
    await personas.remove(actor, params.id);
    res.status(204).end();
  }));

  return router;
}
