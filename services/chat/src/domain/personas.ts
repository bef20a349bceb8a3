import { LIMITS, type MessagePersona, type Persona } from '@lakorn/contracts';
import type { Actor } from '@lakorn/service-kit';
import type { PersonaDoc } from '../data/models';
import type { PersonaStore } from '../data/personaStore';
import { NotOwnPersona, PersonaLimitReached, PersonaNotFound } from './errors';
import { newId } from './ids';
import type { PromptPersona } from './prompt';
import { personaView } from './views';

// spec §3 "Persona", §5: name, appearance, personality and background required; at most
// LIMITS.personasPerUser per member, refused here whatever the client shows.

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
  /**
   * Who the member speaks as in a send: the stored persona `personaId` names (NotOwnPersona unless
   * the actor's), else the chat's saved persona, else the main identity (null). A send's
   * personaContext is never read: the client's copy of a persona could carry any instructions,
   * unpaid, into the prompt (spec §7 still lets clients send it).
   */
  speakingAs(actor: Actor, personaId: string | null | undefined, savedPersonaId: () => Promise<string | null>): Promise<Speaker>;
}

/** The persona a send's message names and the one its prompt describes (both null: main identity). */
export interface Speaker {
  ref: MessagePersona | null;
  prompt: PromptPersona | null;
}

export function createPersonas(store: PersonaStore, now: () => Date = () => new Date()): Personas {
  async function own(actor: Actor, id: string): Promise<PersonaDoc> {
    const doc = await store.get(id);
    if (!doc || doc.userId !== actor.id) throw new PersonaNotFound();
    return doc;
  }

  async function ownPersona(actor: Actor, id: string): Promise<PersonaDoc | null> {
    const doc = await store.get(id);
    return doc && doc.userId === actor.id ? doc : null;
  }

  return {
    async ofUser(actor) {
      return (await store.ofUser(actor.id)).map(personaView);
    },
    async create(actor, fields) {
      const at = now();
      const persona = { _id: newId(), userId: actor.id, ...fields, createdAt: at, updatedAt: at };
      // spec §5: each persona takes one of the member's slots 1..limit; the store's unique
      // (userId, slot) index refuses a taken slot, so racing creates never make one too many.
      for (let slot = 1; slot <= LIMITS.personasPerUser; slot++) {
        const doc: PersonaDoc = { ...persona, slot };
        if ((await store.insertInSlot(doc)) === 'inserted') return personaView(doc);
      }
      throw new PersonaLimitReached();
    },
    async update(actor, id, fields) {
      const current = await own(actor, id);
      const doc: PersonaDoc = { ...current, ...fields, updatedAt: now() };
      if (!(await store.replace(doc))) throw new PersonaNotFound();
      return personaView(doc);
    },
    async remove(actor, id) {
      await own(actor, id);
      await store.remove(id);
    },
    ownPersona,
    async speakingAs(actor, personaId, savedPersonaId) {
      const id = personaId || (await savedPersonaId());
      const stored = id ? await ownPersona(actor, id) : null;
      if (personaId && !stored) throw new NotOwnPersona();
      if (!stored) return { ref: null, prompt: null };
      const { name, appearance, personality, background } = stored;
      return { ref: { id: stored._id, name, profileUrl: stored.profileUrl }, prompt: { name, appearance, personality, background } };
    },
  };
}
