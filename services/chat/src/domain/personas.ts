import { CHAT_ERROR_CODES, PERSONA_LIMIT_MESSAGE, type Persona } from '@lakorn/contracts';
import { conflict, notFound, type Actor } from '@lakorn/service-kit';
import type { PersonaDoc } from '../data/models';
import type { PersonaStore } from '../data/personaStore';
import { newId } from './ids';
import { personaView } from './views';

// spec §3 "Persona", §5: name, appearance, personality and background required; at most 5 per
// user, refused here whatever the client shows (the store's unique slot makes it race-proof).

export interface PersonaFields {
  name: string;
  appearance: string;
  personality: string;
  background: string;
  profileUrl: string;
}

export interface Personas {
  ofUser(actor: Actor): Promise<Persona[]>;
  create(actor: Actor, fields: PersonaFields): Promise<Persona>;
  update(actor: Actor, id: string, fields: PersonaFields): Promise<Persona>;
  remove(actor: Actor, id: string): Promise<void>;
  /** The actor's own persona, or null. */
  ownPersona(actor: Actor, id: string): Promise<PersonaDoc | null>;
}

export function createPersonas(store: PersonaStore, now: () => Date = () => new Date()): Personas {
  async function own(actor: Actor, id: string): Promise<PersonaDoc> {
    const doc = await store.get(id);
    if (!doc || doc.userId !== actor.id) throw notFound('Persona not found');
    return doc;
  }

  return {
    async ofUser(actor) {
      return (await store.ofUser(actor.id)).map(personaView);
    },
    async create(actor, fields) {
      const at = now();
      const doc = await store.insertInFreeSlot({ _id: newId(), userId: actor.id, ...fields, createdAt: at, updatedAt: at });
      if (!doc) throw conflict(PERSONA_LIMIT_MESSAGE, CHAT_ERROR_CODES.personaLimit);
      return personaView(doc);
    },
    async update(actor, id, fields) {
      const current = await own(actor, id);
      const doc: PersonaDoc = { ...current, ...fields, updatedAt: now() };
      if (!(await store.replace(doc))) throw notFound('Persona not found');
      return personaView(doc);
    },
    async remove(actor, id) {
      await own(actor, id);
      await store.remove(id);
    },
    async ownPersona(actor, id) {
      const doc = await store.get(id);
      return doc && doc.userId === actor.id ? doc : null;
    },
  };
}
