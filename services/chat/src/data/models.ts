import { Schema, type Connection, type Model, type SchemaDefinition } from 'mongoose';
import { modelOf, QUOTA_SLOT_FIELDS, QUOTA_SLOT_INDEXES, schemaOf, type IndexSpec, type QuotaSlotDoc } from '@lakorn/service-kit';
import type { CharacterSnapshot, ChatCharacter, MessagePersona, SendMessageResult } from '@lakorn/contracts';

// The chat service's own database (lakorn_chat). Only this folder imports mongoose.
//
// FerretDB v1 updates are not atomic (read, change, replace the whole document), so a document has
// one writer per field group: a chat's memory and its persona live in their own documents keyed by
// the chat id, never as fields of the chat that every send rewrites. Every invariant a race could
// break is an insert against a unique index: the persona slots (at most 5 per user), the send key
// (a client message id charges once) and a send's resolution (delivered or refunded, never both).
// FerretDB (SQLite) scans for every filter; the indexes below serve MongoDB and carry uniqueness.

/** A character as chat keeps it (catalog.character.updated, or fetched from the catalog). */
export interface CharacterDoc extends Omit<CharacterSnapshot, 'id'> {
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
  /**
   * The note's paid room (README "Paying for text that reaches the model"); absent: 0. Kept when
   * the note is emptied, so writing it again up to that length is free.
   */
  paid?: number;
  /** The paid save that wrote it (its debit opId, SaveDoc), so a sweep can tell it was written. */
  savedBy?: string;
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
  /** Set once the member changed the text (PUT /api/messages/{id}). */
  edited?: true;
  /**
   * The code points paid for this message's text (README "Paying for text that reaches the
   * model"), set by an edit; before one, contracts messagePaidRoom derives it (a member's message
   * paid its send's length, a reply or greeting nothing). A branch's copy keeps it.
   */
  paid?: number;
  /** The paid save (edit) that last wrote it (its debit opId, SaveDoc), so a sweep can tell it was written. */
  savedBy?: string;
  /**
   * Another answer (swipes) and a greeting's alternate greetings: how many answers the message has
   * (AlternativeDoc, ready ones) and which one (its `n`) its `content` is. Absent while it has one.
   */
  alternativeCount?: number;
  selectedAlt?: number;
}

/**
 * One answer of a reply (or one greeting of a chat's first message), `_id` "<messageId>:<n>" and
 * unique (messageId, n): asking for another answer claims the next n by this insert before any
 * coin is taken, so at most ALTERNATIVES_MAX exist however many ask at once, and each n is paid
 * once (opId chat:<replyId>:alt<n>). A claimed answer is `ready: false` until delivered; a refund
 * marks it `failed`. n = 0 is the reply's first answer, copied when the first other one is asked for.
 * `page` is the message's page key, so a page of messages reads its answers by equality.
 */
export interface AlternativeDoc {
  _id: string;
  messageId: string;
  n: number;
  chatId: string;
  userId: string;
  page: string;
  content: string;
  offline: boolean;
  ready: boolean;
  /** Its send was refunded: never shown, and its n (and opId) is not used again. */
  failed?: true;
  at: Date;
}

/**
 * A member's thumb on one answer of a character's reply (`_id` "<messageId>:<n>", n the answer's
 * swipe number, 0 for a reply with one answer): a rating belongs to the answer, so a new answer
 * starts unrated and selecting another shows that one's. Cleared (0) is no document. `page` is the
 * message's page key, so a page of messages reads its ratings by equality (ARCHITECTURE §2); its
 * own document, so a rating never rewrites the message a send or a swipe also writes.
 */
export interface RatingDoc {
  _id: string;
  messageId: string;
  n: number;
  chatId: string;
  userId: string;
  characterId: string;
  page: string;
  value: 1 | -1;
  at: Date;
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

/**
 * How a send ended, recorded for the repeats of its client message id, which get the same answer:
 * the delivered messages, or the refusal (spec §4 "Message send").
 */
export type SendOutcome =
  | { kind: 'delivered'; answer: SendMessageResult }
  | { kind: 'insufficient'; balance: number; cost: number }
  | { kind: 'refunded' }
  | { kind: 'void' };

/** A send's answer as it was recorded before outcomes had names: its HTTP status and body. */
export interface LegacySendResult {
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
  /** Sends recorded before outcomes had names hold a LegacySendResult (sendStore reads both). */
  result: SendOutcome | LegacySendResult | null;
  /**
   * Present (true) from the send's one insert until its outcome is recorded: the sweeper reads
   * the sends carrying it by equality (an index), never every send ever made. Being part of the
   * send's own document, no crash can leave a send that the sweeper does not see.
   */
  pending?: true;
  /** The chat process that handles it (ChatInstanceDoc): once that one is gone, nobody else will. */
  instance?: string;
  /** Another answer of a reply (POST /api/messages/{id}/regenerate) rather than a new message. */
  regenerate?: RegenerateOf;
}

/**
 * A regenerate recorded as a send: `messageId` is "<replyId>:alt<n>" (its opId and resolution),
 * `content` and `cost` the member's message it answers. The answer's messages are built from here.
 */
export interface RegenerateOf {
  replyId: string;
  n: number;
  /** The member's message the reply answers, and when it and the reply were written. */
  userMessageId: string;
  userMessageAt: Date;
  replyAt: Date;
  /** The reply's ready answers when this one was claimed (with it, the answer's `alternatives`). */
  earlier: Array<{ n: number; content: string }>;
}

/**
 * A running chat process, seen every few seconds (`seenAt`). A pending send whose process has not
 * been seen for a while will never be decided by it: it is settled at once instead of at its
 * deadline, so a member whose answer was lost does not wait the whole reply timeout.
 */
export interface ChatInstanceDoc {
  _id: string;
  seenAt: Date;
}

/**
 * A send not finished yet, as sends were marked before the mark moved into the send itself (a
 * second insert, which a crash could miss): the sweeper still finishes any such marker left.
 */
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

/** What a paid save writes: a message's text (an edit), a chat's memory note or its summary. */
export type SaveKind = 'edit' | 'memory' | 'summary';

/**
 * A paid save (README "Paying for text that reaches the model"), journaled as a send is: recorded
 * pending in one insert before its debit (`_id` the debit's opId), decided once by a resolution
 * (`send_resolutions`: delivered = the text was written, refunded), then finished. The sweeper
 * settles one whose handler gave up by whether its text carries `savedBy` = this opId.
 */
export interface SaveDoc {
  _id: string;
  userId: string;
  kind: SaveKind;
  /** The message (edit) or the chat (memory, summary) it writes. */
  targetId: string;
  cost: number;
  createdAt: Date;
  /** After this its handler has given up for sure; the sweeper settles it. */
  expiresAt: Date;
  /** The chat process handling it (ChatInstanceDoc). */
  instance: string;
  /** From the one insert until it is settled (the sweeper reads these by equality). */
  pending?: true;
  result?: ResolutionKind;
}

/**
 * A chat's summary of the turns its prompt's window dropped (`_id` = chatId): the story through
 * place `coveredTo`, written in the background, editable by the member. One writer at a time by
 * revision: a background write replaces it only at the revision it was built on.
 */
export interface SummaryDoc {
  _id: string;
  chatId: string;
  userId: string;
  text: string;
  coveredTo: number;
  edited: boolean;
  /** Grows with every change (written, edited, rewound): a summary request names the one it builds on. */
  rev: number;
  /** The code points the member paid for editing it (README "Paying for text that reaches the model"); absent: 0. It never falls. */
  paid?: number;
  /** The paid save that wrote it (its debit opId, SaveDoc), so a sweep can tell it was written. */
  savedBy?: string;
  updatedAt: Date;
}

/**
 * The summary as it stood when its coverage last ended in message page p (`_id` "<chatId>:<p>"):
 * where a rewind or a branch restarts from without reading the turns before it again.
 */
export interface SummaryCheckpointDoc {
  _id: string;
  chatId: string;
  userId: string;
  text: string;
  coveredTo: number;
  edited: boolean;
  at: Date;
}

/**
 * A pinned message (`_id` = the message's id, so it is pinned once), with a copy of its text for
 * the prompt. The unique (chatId, slot 1..10) caps a chat's pins (contracts MEMORY_LIMITS).
 */
export interface PinDoc {
  _id: string;
  chatId: string;
  userId: string;
  slot: number;
  /** The message's place in its chat: pins go into the prompt in the chat's order. */
  seq: number;
  content: string;
  isUser: boolean;
  timestamp: Date;
  tokens: number;
  pinnedAt: Date;
}

const anyObject = { type: Schema.Types.Mixed };

/** The chat service's models (registered once per connection, for ensureIndexes), typed by document. */
export function chatModels(connection: Connection) {
  // A schema that only declares `_id` and the indexed fields: documents are written whole.
  const model = <T extends { _id: string }>(name: string, collection: string, fields?: SchemaDefinition, indexes?: IndexSpec[]): Model<T> =>
    modelOf<T>(connection, name, () => schemaOf(collection, fields, indexes, { strict: false }));
  return {
    characters: model<CharacterDoc>('Character', 'characters'),
    deletedCharacters: model<DeletedCharacterDoc>('DeletedCharacter', 'deleted_characters'),
    users: model<UserDoc>('User', 'users'),
    chats: model<ChatDoc>('Chat', 'chats', { userId: String, characterId: String, lastUpdated: Date }, [[{ userId: 1, lastUpdated: -1 }], [{ characterId: 1 }]]),
    memories: model<MemoryDoc>('Memory', 'chat_memories', { userId: String }, [[{ userId: 1 }]]),
    chatPersonas: model<ChatPersonaDoc>('ChatPersona', 'chat_personas', { userId: String }, [[{ userId: 1 }]]),
    messages: model<MessageDoc>('Message', 'messages', { chatId: String, userId: String, characterId: String, timestamp: Date, persona: anyObject }, [
      [{ chatId: 1, timestamp: 1 }],
      // A chat's history and its pages are read by equality on the page key (ARCHITECTURE §2).
      [{ page: 1 }],
      [{ userId: 1 }],
      [{ characterId: 1 }],
    ]),
    messageHeads: model<MessageHeadDoc>('MessageHead', 'message_heads'),
    personas: model<PersonaDoc>('Persona', 'personas', { userId: String, slot: Number }, [[{ userId: 1, slot: 1 }, { unique: true }]]),
    sends: model<SendDoc>('Send', 'sends', { userId: String, result: anyObject, persona: anyObject, pending: Boolean }, [[{ userId: 1 }], [{ pending: 1 }]]),
    pendingSends: model<PendingSendDoc>('PendingSend', 'pending_sends'),
    resolutions: model<ResolutionDoc>('Resolution', 'send_resolutions'),
    saves: model<SaveDoc>('PaidSave', 'paid_saves', { userId: String, pending: Boolean }, [[{ userId: 1 }], [{ pending: 1 }]]),
    instances: model<ChatInstanceDoc>('ChatInstance', 'chat_instances'),
    alternatives: model<AlternativeDoc>('Alternative', 'message_alternatives', { messageId: String, n: Number, page: String, chatId: String, userId: String }, [
      [{ messageId: 1, n: 1 }, { unique: true }],
      // A page of messages reads its answers by equality on the page key (ARCHITECTURE §2).
      [{ page: 1 }],
      [{ chatId: 1 }],
      [{ userId: 1 }],
    ]),
    ratings: model<RatingDoc>('Rating', 'message_ratings', { messageId: String, page: String, chatId: String, userId: String }, [
      [{ messageId: 1 }],
      [{ page: 1 }],
      [{ chatId: 1 }],
      [{ userId: 1 }],
    ]),
    summaries: model<SummaryDoc>('Summary', 'chat_summaries', { userId: String }, [[{ userId: 1 }]]),
    summaryCheckpoints: model<SummaryCheckpointDoc>('SummaryCheckpoint', 'chat_summary_checkpoints', { chatId: String, userId: String }, [[{ chatId: 1 }], [{ userId: 1 }]]),
    pins: model<PinDoc>('Pin', 'chat_pins', { chatId: String, userId: String, slot: Number }, [[{ chatId: 1, slot: 1 }, { unique: true }], [{ userId: 1 }]]),
    /** New chats per member and Bangkok day (contracts QUOTAS.chatsPerDay), one slot each. */
    quotaSlots: modelOf<QuotaSlotDoc>(connection, 'QuotaSlot', () => schemaOf('quota_slots', QUOTA_SLOT_FIELDS, QUOTA_SLOT_INDEXES)),
  };
}

export type ChatModels = ReturnType<typeof chatModels>;
