import { z } from 'zod';
import { GENDERS, GENRES } from './constants';
import { SessionEnd } from './identity';
import { AlternateGreetings, CreatorNotesMultilingual, Lorebook } from './lorebook';

// Every event on the `lakorn.events` topic exchange (ARCHITECTURE §4). The routing key is the
// event name; the AMQP messageId is the business opId so consumers can be idempotent.

export const UserRegistered = z.object({
  userId: z.string(),
  uid: z.string(),
  email: z.string(),
  username: z.string(),
  registeredAt: z.string(),
});
export const UserUpdated = z.object({ userId: z.string(), username: z.string(), profileUrl: z.string() });
export const UserDeleted = z.object({ userId: z.string(), deletedAt: z.string() });

export const BalanceChanged = z.object({ userId: z.string(), balance: z.number().int().min(0), seq: z.number().int().min(0) });

/** chat → wallet request/reply (ARCHITECTURE §4). `deadline` is epoch milliseconds. */
export const DebitRequest = z.object({
  opId: z.string().min(1),
  userId: z.string().min(1),
  amount: z.number().int().positive(),
  description: z.string(),
  deadline: z.number().int(),
});
export const DebitReply = z.discriminatedUnion('status', [
  z.object({ status: z.literal('debited'), balance: z.number().int() }),
  z.object({ status: z.literal('insufficient'), balance: z.number().int() }),
  z.object({ status: z.literal('void') }),
]);
/** Asks the wallet to undo the debit with this opId (or to void it so a late debit is refused). */
export const RefundRequested = z.object({ opId: z.string().min(1), userId: z.string().min(1), reason: z.string() });
export const CreditRequested = z.object({
  opId: z.string().min(1),
  userId: z.string().min(1),
  amount: z.number().int().positive(),
  description: z.string(),
});
/** wallet → the credit's requester: the opId was not credited because the account is deleted (wallet README "A returning member"). */
export const CreditRefused = z.object({ opId: z.string().min(1), userId: z.string().min(1), reason: z.literal('closed') });

/**
 * A character as other services keep it: chat rooms show it and the AI prompt is built from it
 * (ARCHITECTURE §7), so every field the prompt uses travels with the event.
 */
export const CharacterSnapshot = z.object({
  id: z.string(),
  userId: z.string(),
  name: z.string(),
  age: z.string(),
  gender: z.enum(GENDERS),
  genre: z.enum(GENRES),
  appearance: z.string(),
  personality: z.string(),
  firstMessage: z.string(),
  background: z.string(),
  exampleMessages: z.string(),
  isPublic: z.boolean(),
  isSpicy: z.boolean(),
  description: z.string(),
  profileUrl: z.string(),
  /** Other first messages a chat may start with (Card V2 alternate_greetings). */
  alternateGreetings: AlternateGreetings,
  /** Card V3 creator_notes_multilingual (language → notes); chat shows `th` in the character's details. */
  creatorNotesMultilingual: CreatorNotesMultilingual,
  /**
   * The lorebook the prompt draws on. Absent where the holder was not shown it: the catalog shows
   * it to the owner and admins only, so a copy chat fetched as another member has none until the
   * character's event (which always carries it) arrives.
   */
  lorebook: Lorebook.optional(),
  // Moderation (catalog README "Moderation and the age gate"). Optional so events and copies from
  // before them parse; absent means visible (false), no reason (null), and following isSpicy
  // (null). The catalog always sends them; `Character` (catalog.ts) has them required.
  /** Taken down by an admin: out of every listing, 404 to all but its owner and admins, no sends. */
  hidden: z.boolean().optional(),
  /** Why (a report reason id, or 'admin'); null while visible. Shown to the owner and admins. */
  hiddenReason: z.string().nullable().optional(),
  /** An admin's 18+ decision; null follows isSpicy (values/catalog.ts isAdultCharacter). */
  adultOverride: z.boolean().nullable().optional(),
  updatedAt: z.string(),
});
export type CharacterSnapshot = z.infer<typeof CharacterSnapshot>;

/**
 * What a snapshot is taken from: a `Character` as the catalog's API answers it, or a stored
 * character document (`_id` for `id`, a Date for `updatedAt`). Extra fields are left behind.
 */
export type CharacterSnapshotSource = Omit<CharacterSnapshot, 'id' | 'updatedAt'> & {
  updatedAt: string | Date;
} & ({ id: string } | { _id: string });

const SNAPSHOT_FIELDS = Object.keys(CharacterSnapshot.shape) as Array<keyof CharacterSnapshot>;

/**
 * The one mapping to the snapshot (catalog publishes it, chat stores and fetches it): exactly the
 * schema's fields, read from its shape, so a field added to CharacterSnapshot travels everywhere.
 */
export function toCharacterSnapshot(source: CharacterSnapshotSource): CharacterSnapshot {
  const from = source as Record<string, unknown>;
  const snapshot: Record<string, unknown> = {};
  for (const field of SNAPSHOT_FIELDS) {
    let value = from[field];
    // A copy stored before a field existed takes the field's default (alternate greetings: none);
    // an optional field it lacks stays absent (a stored undefined would come back as null).
    if (value === undefined) value = CharacterSnapshot.shape[field].safeParse(undefined).data;
    if (value !== undefined) snapshot[field] = value;
  }
  snapshot.id = 'id' in source ? source.id : source._id;
  snapshot.updatedAt = source.updatedAt instanceof Date ? source.updatedAt.toISOString() : source.updatedAt;
  return snapshot as CharacterSnapshot;
}
/** `version` grows with every change (consumers keep the highest; events may arrive out of order). */
export const CharacterUpdated = z.object({ character: CharacterSnapshot, version: z.number().int() });
export const CharacterDeleted = z.object({ characterId: z.string(), userId: z.string() });

/**
 * Chat to itself (ARCHITECTURE §4 outbox): turns fell out of a chat's prompt window, so a summary
 * through place `upTo` is due, built on the chat's summary at revision `rev` (0: none yet); a
 * summary changed since (edited, rewound, already extended) makes the request stale. Written in
 * the background by chat's own consumer, never on a send's path.
 */
export const SummaryRequested = z.object({
  chatId: z.string().min(1),
  userId: z.string().min(1),
  rev: z.number().int().min(0),
  upTo: z.number().int().positive(),
});

/**
 * A member's message was sent in a chat (discover's popular order counts them). Emitted through
 * chat's outbox once per settled send (a regenerate is not a new message); `at` is the ISO time of
 * the send. Catalog counts (character, member, Bangkok day) from it by unique insert, so a replayed
 * event counts once.
 */
export const MessageSent = z.object({
  messageId: z.string().min(1),
  chatId: z.string().min(1),
  characterId: z.string().min(1),
  userId: z.string().min(1),
  at: z.string(),
});
export type MessageSent = z.infer<typeof MessageSent>;

/** A thumb on a character's reply: 1 up, -1 down, 0 none (chat README "Ratings"). */
export const RatingValue = z.union([z.literal(1), z.literal(-1), z.literal(0)]);
export type RatingValue = z.infer<typeof RatingValue>;

/**
 * A member opened a new chat with a character (a branch opens one too). Emitted through chat's
 * outbox; catalog counts "chats started" from it by unique insert on `chatId` (creator stats).
 */
export const ChatStarted = z.object({
  chatId: z.string().min(1),
  characterId: z.string().min(1),
  userId: z.string().min(1),
  at: z.string(),
});
export type ChatStarted = z.infer<typeof ChatStarted>;

/**
 * A member rated a character's reply (POST /api/messages/{id}/rating): the answer's value now and
 * before (0: none). `alternative` names the rated answer of the message (its swipe n, 0 for a reply
 * with one answer): a rating belongs to the answer, so catalog keys it by (messageId, alternative)
 * and keeps the latest `at`, so a re-rating moves a thumb and a replay changes nothing.
 */
export const MessageRated = z.object({
  messageId: z.string().min(1),
  alternative: z.number().int().min(0).default(0),
  characterId: z.string().min(1),
  userId: z.string().min(1),
  value: RatingValue,
  previous: RatingValue,
  at: z.string(),
});
export type MessageRated = z.infer<typeof MessageRated>;

/**
 * An admin's action, for the audit log (GET /api/admin/audit, kept by the catalog). Checkin and
 * wallet publish theirs as `<service>.admin.action` through their outboxes (a service's broker
 * user publishes only its own events, infra/src/brokerUsers.ts); `id` sorts by time and is the
 * log entry's `_id`, so a redelivery is kept once.
 */
export const AdminAction = z.object({
  id: z.string().min(1).max(100),
  at: z.string(),
  /** The admin's profile id and e-mail at the time. */
  actorId: z.string(),
  actorEmail: z.string(),
  /** AUDIT_ACTIONS (values/catalog.ts). */
  action: z.string().min(1),
  targetType: z.string(),
  targetId: z.string(),
  /** What changed, e.g. {hidden: true, reason: 'spam'}. */
  details: z.record(z.string(), z.unknown()),
});
export type AdminAction = z.infer<typeof AdminAction>;

/** Event name → payload schema. Publishers and consumers look schemas up here. */
export const EVENTS = {
  'identity.user.registered': UserRegistered,
  'identity.user.updated': UserUpdated,
  'identity.user.deleted': UserDeleted,
  /** A session or every session of a member ended: every process stops accepting it at once. */
  'identity.sessions.ended': SessionEnd,
  'wallet.balance.changed': BalanceChanged,
  'wallet.debit': DebitRequest,
  'wallet.refund.requested': RefundRequested,
  'wallet.credit.requested': CreditRequested,
  'wallet.credit.refused': CreditRefused,
  'catalog.character.updated': CharacterUpdated,
  'catalog.character.deleted': CharacterDeleted,
  'chat.summary.requested': SummaryRequested,
  'chat.message.sent': MessageSent,
  'chat.chat.started': ChatStarted,
  'chat.message.rated': MessageRated,
  'checkin.admin.action': AdminAction,
  'wallet.admin.action': AdminAction,
} as const;
export type EventName = keyof typeof EVENTS;
export type EventPayload<N extends EventName> = z.infer<(typeof EVENTS)[N]>;
export type DebitReply = z.infer<typeof DebitReply>;
