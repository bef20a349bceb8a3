import { Router } from 'express';
import { PersonaIdParams, PersonaInput, PersonasOfUserParams, type Persona } from '@lakorn/contracts';
import { assertSelf, parse, requireActor } from '@lakorn/service-kit';
import type { Personas } from '../domain/personas';
import { noStore } from './chats';

/** spec §7 personas: one's own only; at most 5 (409 PERSONA_LIMIT beyond). */
export function personaRoutes({ personas }: { personas: Personas }): Router {
  const router = Router();

  router.get('/api/personas/user/:userId', async (req, res) => {
    const actor = requireActor(req);
    const { userId } = parse(PersonasOfUserParams, req.params);
    assertSelf(actor, userId);
    noStore(res);
    res.json((await personas.ofUser(actor)) satisfies Persona[]);
  });

  router.post('/api/personas', async (req, res) => {
    const actor = requireActor(req);
    const { userId, ...fields } = parse(PersonaInput, req.body);
    assertSelf(actor, userId);
    res.status(201).json((await personas.create(actor, fields)) satisfies Persona);
  });

  router.put('/api/personas/:id', async (req, res) => {
    const actor = requireActor(req);
    const { id } = parse(PersonaIdParams, req.params);
    const { userId, ...fields } = parse(PersonaInput, req.body);
    assertSelf(actor, userId);
    res.json((await personas.update(actor, id, fields)) satisfies Persona);
  });

  router.delete('/api/personas/:id', async (req, res) => {
    const actor = requireActor(req);
    const { id } = parse(PersonaIdParams, req.params);
    await personas.remove(actor, id);
    res.status(204).end();
  });

  return router;
}
