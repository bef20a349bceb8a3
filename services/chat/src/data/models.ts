import { Schema, type Connection, type Model, type mongo } from 'mongoose';
import type { CharacterSnapshot, ChatCharacter, MessagePersona } from '@lakorn/contracts';

// The chat service's own database (lakorn_chat). Only this folder imports mongoose.
//
// FerretDB v1 updates are not atomic (read, change, replace the whole document), so a document has
// one writer per field group: a chat's memory and its persona live in their own documents keyed by
// the chat id, never as fields of the chat that every send rewrites. Every invariant a race could
// break is an insert against a unique index: the persona slots (at most 5 per user), the send key
// (a client message id charges once) and a send's resolution (delivered or refunded, never both).
// FerretDB (SQLite) scans for every filter; the indexes below serve MongoDB and carry uniqueness.

/** A character as chat keeps it (catalog.character.updated, or fetched from the catalog). */
export interface CharacterDoc extends CharacterSnapshot {
  _id: string;
  /** The catalog's version of this copy: a lower one never replaces a higher one. */
  version: number;
  storedAt: Date;
}

/** A character the catalog deleted: no chat may be opened for it, no late update revives it. */
export interface DeletedCharacterDoc {
  _id: string;
  deletedAt: Date;
}

/** A member's username, kept from identity events: the "main identity" of a prompt. */
export interface UserDoc {
  _id: string;
  username: string;
  updatedAt: Date;
}

/** spec §3 "Chat / chat room". `character` is the character when the room was made (fallback). */
export interface ChatDoc {
  _id: string;
  userId: string;
  characterId: string;
  character: ChatCharacter;
  lastMessage: string;
  lastUpdated: Date;
  createdAt: Date;
}

/** spec §3 chat memory, one document per chat (see above). */
export interface MemoryDoc {
  _id: string;
  userId: string;
  memory: string;
  updatedAt: Date;
}

/** spec §4 persona per chat, one document per chat. */
export interface ChatPersonaDoc {
  _id: string;
  userId: string;
  personaId: string;
  updatedAt: Date;
}

/** spec §3 "Message". */
export interface MessageDoc {
  _id: string;
  chatId: string;
  userId: string;
  characterId: string;
  content: string;
  isUser: boolean;
  timestamp: Date;
  persona: MessagePersona | null;
  offline: boolean;
  /**
   * The message's place in its chat (1, 2, ...) and the page that place falls in
   * (messagePages.ts). Set by the store on insert; absent on messages stored before places
   * existed until their chat is first read.
   */
  seq?: number;
  page?: string;
}

/** The highest place given in a chat (`_id` = chatId): where the next message and the newest page are. */
export interface MessageHeadDoc {
  _id: string;
  seq: number;
}

/** spec §3 "Persona"; unique (userId, slot) with slot 1..5 caps a member's personas (spec §5). */
export interface PersonaDoc {
  _id: string;
  userId: string;
  slot: number;
  name: string;
  appearance: string;
  personality: string;
  background: string;
  profileUrl: string;
  createdAt: Date;
  updatedAt: Date;
}

/** The recorded answer of a send, given again to a repeat of the same client message id. */
export interface SendResultDoc {
  status: number;
  body: unknown;
}

/**
 * One send (POST /api/messages). `_id` "<userId>:<clientMessageId>": a second request with the
 * same id is refused by the insert and answered from here, so it is charged once.
 */
export interface SendDoc {
  _id: string;
  messageId: string;
  userId: string;
  chatId: string;
  characterId: string;
  content: string;
  cost: number;
  persona: MessagePersona | null;
  createdAt: Date;
  /** After this the handler has given up for sure; the sweeper finishes the send. */
  expiresAt: Date;
  result: SendResultDoc | null;
}

/** A send not finished yet: the sweeper scans only these (small), not every send ever made. */
export interface PendingSendDoc {
  _id: string;
  messageId: string;
  userId: string;
  expiresAt: Date;
}

export type ResolutionKind = 'delivered' | 'refunded' | 'insufficient' | 'void';

/**
 * How a send ended, decided once by an insert (`_id` = messageId): the handler and the sweeper
 * race for it, and whoever inserts first decides whether the reply is kept or the coins go back.
 */
export interface ResolutionDoc {
  _id: string;
  kind: ResolutionKind;
  /** delivered: the reply, so a crashed delivery can be finished by the sweeper. */
  reply: string;
  offline: boolean;
  /** The balance the wallet answered (debited or insufficient). */
  balance: number | null;
  at: Date;
}

export interface ChatCollections {
  characters: mongo.Collection<CharacterDoc>;
  deletedCharacters: mongo.Collection<DeletedCharacterDoc>;
  users: mongo.Collection<UserDoc>;
  chats: mongo.Collection<ChatDoc>;
  memories: mongo.Collection<MemoryDoc>;
  chatPersonas: mongo.Collection<ChatPersonaDoc>;
  messages: mongo.Collection<MessageDoc>;
  messageHeads: mongo.Collection<MessageHeadDoc>;
  personas: mongo.Collection<PersonaDoc>;
  sends: mongo.Collection<SendDoc>;
  pendingSends: mongo.Collection<PendingSendDoc>;
  resolutions: mongo.Collection<ResolutionDoc>;
}

const options = { versionKey: false } as const;
const anyObject = { type: Schema.Types.Mixed };

/** A schema that only declares `_id` and the indexed fields: documents are written whole. */
function schema(collection: string, fields: Record<string, unknown>, indexes: Array<[Record<string, 1 | -1>, { unique?: boolean }?]>) {
  const s = new Schema({ _id: { type: String, required: true }, ...fields }, { ...options, collection, strict: false });
  for (const [fieldsOfIndex, indexOptions] of indexes) s.index(fieldsOfIndex, indexOptions ?? {});
  return s;
}

const MODELS = {
  Character: schema('characters', {}, []),
  DeletedCharacter: schema('deleted_characters', {}, []),
  User: schema('users', {}, []),
  Chat: schema('chats', { userId: String, characterId: String, lastUpdated: Date }, [[{ userId: 1, lastUpdated: -1 }], [{ characterId: 1 }]]),
  Memory: schema('chat_memories', { userId: String }, [[{ userId: 1 }]]),
  ChatPersona: schema('chat_personas', { userId: String }, [[{ userId: 1 }]]),
  Message: schema('messages', { chatId: String, userId: String, characterId: String, timestamp: Date, persona: anyObject }, [
    [{ chatId: 1, timestamp: 1 }],
    // A chat's history and its pages are read by equality on the page key (ARCHITECTURE §2).
    [{ page: 1 }],
    [{ userId: 1 }],
    [{ characterId: 1 }],
  ]),
  MessageHead: schema('message_heads', {}, []),
  Persona: schema('personas', { userId: String, slot: Number }, [[{ userId: 1, slot: 1 }, { unique: true }]]),
  Send: schema('sends', { userId: String, result: anyObject, persona: anyObject }, [[{ userId: 1 }]]),
  PendingSend: schema('pending_sends', {}, []),
  Resolution: schema('send_resolutions', {}, []),
} as const;

/** Registers the models (for ensureIndexes) and returns their collections, typed. */
export function chatCollections(connection: Connection): ChatCollections {
  const existing = connection.models as Partial<Record<string, Model<unknown>>>;
  const model = (name: keyof typeof MODELS) => existing[name] ?? connection.model(name, MODELS[name]);
  const typed = <T extends { _id: string }>(name: keyof typeof MODELS) => model(name).collection as unknown as mongo.Collection<T>;
  return {
    characters: typed<CharacterDoc>('Character'),
    deletedCharacters: typed<DeletedCharacterDoc>('DeletedCharacter'),
    users: typed<UserDoc>('User'),
    chats: typed<ChatDoc>('Chat'),
    memories: typed<MemoryDoc>('Memory'),
    chatPersonas: typed<ChatPersonaDoc>('ChatPersona'),
    messages: typed<MessageDoc>('Message'),
    messageHeads: typed<MessageHeadDoc>('MessageHead'),
    personas: typed<PersonaDoc>('Persona'),
    sends: typed<SendDoc>('Send'),
    pendingSends: typed<PendingSendDoc>('PendingSend'),
    resolutions: typed<ResolutionDoc>('Resolution'),
  };
}
