import { z } from 'zod';
import { ActorRef, Id, QueryInt } from './common';
import { ProfileUrl } from './catalog';
import { RatingValue } from './events';
import { characterCount, GENRES, LIMITS } from './constants';
import { CHAT_BLOCKS } from './values/catalog';

// Chats (rooms), messages, personas and memory: the chat service's HTTP contract (spec §3 "Chat",
// "Message", "Persona"; §5 message, memory, persona rules; §7 "Chats, messages, personas, memory").
// Lengths are counted in code points, as the client's counters and the coin cost count them.

export { CHAT_ERROR_CODES, SAVE_MESSAGES, SEND_OUTCOME_POLL_MS, SEND_OUTCOME_WAIT_MS } from './values/chat';

/** spec §8: the client shows its "not enough coins" toast for a send failure containing 'Not enough'. */
export const NOT_ENOUGH_COINS_MESSAGE = 'Not enough coins';
/**
 * A send that was not answered (model down, timeout, wallet unreachable). Coins a debit took are
 * given back (the coin history shows the debit and its refund); a debit that never applied took
 * none: the sentence is true of both.
 */
export const AI_UNAVAILABLE_MESSAGE = 'The AI could not reply right now; any coins taken for this message were given back';
/** The 202 answer's text while a send's outcome is not decided yet. */
export const SEND_PENDING_MESSAGE = 'This message is still being answered; ask again shortly';
/** spec §5: at most 5 personas per user, refused on the server too. */
export const PERSONA_LIMIT_MESSAGE = `You can have at most ${LIMITS.personasPerUser} personas`;

/**
 * A message's text may be long, but not unbounded: the model's context and the request body cap
 * bound it anyway (beyond the spec, which names no maximum; every character still costs a coin).
 */
export const MESSAGE_MAX_CHARACTERS = 4000;

const upTo = (max: number, what: string) =>
  z.string().refine((v) => characterCount(v) <= max, `${what} must be at most ${max} characters`);

/** spec §5 persona: required (not blank) and bounded like the character fields it mirrors. */
const requiredText = (max: number, what: string) =>
  z.string().trim().min(1, `${what} is required`).refine((v) => characterCount(v) <= max, `${what} must be at most ${max} characters`);

// ---------------------------------------------------------------------------------------------
// Chats (rooms)

/** spec §3 "Chat": the character as a chat shows it (kept from catalog.character.updated). */
export const ChatCharacter = z.object({
  id: z.string(),
  name: z.string(),
  genre: z.enum(GENRES),
  description: z.string(),
  profileUrl: z.string(),
});
export type ChatCharacter = z.infer<typeof ChatCharacter>;

/** A chat in a list (library, rooms dialog): spec §3 without the memory text. */
export const ChatSummary = z.object({
  id: z.string(),
  userId: z.string(),
  characterId: z.string(),
  character: ChatCharacter,
  /** The last message's text ('' before any), cut by the client to 50 characters (spec §9). */
  lastMessage: z.string(),
  lastUpdated: z.string(),
  createdAt: z.string(),
  /**
   * Why this chat takes no more sends, regenerates or branches (null: it does): its character was
   * hidden by an admin, or is 18+ and the member has not confirmed their age. The chat screen shows
   * CHAT_BLOCK_MESSAGES[blocked] (values/catalog.ts).
   */
  blocked: z.enum(CHAT_BLOCKS).nullable(),
});
export type ChatSummary = z.infer<typeof ChatSummary>;

/** GET /api/chats/{id}: spec §3 "Chat", with its memory. */
export const Chat = ChatSummary.extend({ memory: z.string() });
export type Chat = z.infer<typeof Chat>;

/**
 * POST /api/chats. spec §7: body userId, characterId, newChat=true; discover sends the uid as
 * userId, dialogs the profile id. `newChat: false` opens the newest existing room instead, when
 * there is one.
 */
export const CreateChatBody = z.object({
  userId: ActorRef,
  characterId: Id,
  newChat: z.boolean().default(true),
});
export type CreateChatBody = z.infer<typeof CreateChatBody>;

export const ChatIdParams = z.object({ id: Id });
export const ChatOfCharacterParams = z.object({ characterId: Id });
export const ChatsOfUserParams = z.object({ userId: Id });
export const MessagesOfChatParams = z.object({ chatId: Id });

/** The most messages one page of GET /api/messages/chat/{chatId} gives. */
export const MESSAGE_PAGE_MAX = 100;

/**
 * GET /api/messages/chat/{chatId} paging. Without either parameter the answer is spec §7's array of
 * every message. With them: the newest `limit` messages before the cursor `before` (an opaque
 * string from the previous page's `X-Next-Cursor` header), still an array, oldest first.
 */
export const MessagesOfChatQuery = z.object({
  limit: QueryInt(1, MESSAGE_PAGE_MAX).optional(),
  before: z.string().min(1).max(300).optional(),
});
export type MessagesOfChatQuery = z.infer<typeof MessagesOfChatQuery>;

// ---------------------------------------------------------------------------------------------
// Messages

/** spec §3 Message.persona: who the user spoke as. */
export const MessagePersona = z.object({ id: z.string(), name: z.string(), profileUrl: z.string() });
export type MessagePersona = z.infer<typeof MessagePersona>;

/** spec §3 "Message". `offline` marks a reply of the offline responder (ARCHITECTURE §7). */
export const Message = z.object({
  id: z.string(),
  chatId: z.string(),
  content: z.string(),
  isUser: z.boolean(),
  timestamp: z.string(),
  userId: z.string(),
  persona: MessagePersona.nullable(),
  offline: z.boolean(),
  /**
   * A reply with other answers (swipes) or a greeting with a card's alternate greetings: every
   * answer's text in order, and the index of the one that counts (it is `content`, and what the
   * history and the prompt see). Absent on a message with a single answer.
   */
  alternatives: z.array(z.string()).optional(),
  selected: z.number().int().min(0).optional(),
  /** Present (true) once the member has changed the text (PUT /api/messages/{id}); absent otherwise. */
  edited: z.literal(true).optional(),
  /**
   * With `edited`: the code points already paid for this message's text (its paid room, chat README
   * "Paying for text that reaches the model"); before any edit, contracts messagePaidRoom derives it.
   */
  paid: z.number().int().min(0).optional(),
  /**
   * The member's thumb on the selected answer of a character's reply (POST …/rating): 1 up, -1
   * down; absent when it has none. Each answer keeps its own, so a new answer starts unrated.
   */
  rating: z.union([z.literal(1), z.literal(-1)]).optional(),
});
export type Message = z.infer<typeof Message>;

/** spec §5 persona: its four texts, each required (not blank) and bounded like the character fields they mirror. */
const personaTexts = {
  name: requiredText(LIMITS.characterName, 'Name'),
  appearance: requiredText(LIMITS.appearance, 'Appearance'),
  personality: requiredText(LIMITS.personality, 'Personality'),
  background: requiredText(LIMITS.background, 'Background'),
};

/** spec §3 Message: the persona's words a client may send with a message, as a persona has them (SendMessageBody). */
export const PersonaContext = z.object(personaTexts);
export type PersonaContext = z.infer<typeof PersonaContext>;

/**
 * A message's text as a member writes it: a send's content and an edit's (spec §5: not blank; at
 * most MESSAGE_MAX_CHARACTERS code points).
 */
export const MessageContent = z
  .string()
  .refine((v) => v.trim() !== '', 'content must not be blank')
  .refine((v) => characterCount(v) <= MESSAGE_MAX_CHARACTERS, `content must be at most ${MESSAGE_MAX_CHARACTERS} characters`);

/** The client's id of one send: the same id twice is one message, charged once. */
export const ClientMessageId = z.string().regex(/^[A-Za-z0-9_-]{8,80}$/, 'clientMessageId must be 8-80 letters, digits, - or _');

/** GET /api/messages/by-client-id/{clientMessageId}: what became of one's send (ARCHITECTURE §6). */
export const SendByClientIdParams = z.object({ clientMessageId: ClientMessageId });

/**
 * 202 from POST /api/messages (a repeat of a send still under way) and from GET
 * /api/messages/by-client-id/{id}: recorded, not decided yet; decided by `decidedBy` at the latest.
 */
export const SendPendingAnswer = z.object({
  status: z.literal('pending'),
  message: z.string(),
  code: z.literal('SEND_PENDING'),
  decidedBy: z.string(),
});
export type SendPendingAnswer = z.infer<typeof SendPendingAnswer>;

/**
 * POST /api/messages. spec §7: chatId, content, isUser, userId, optional personaId and
 * personaContext. Blank content is refused (spec §5); the cost is messageCost(content).
 */
export const SendMessageBody = z.object({
  chatId: Id,
  content: MessageContent,
  isUser: z.boolean().optional(),
  userId: ActorRef,
  personaId: Id.nullish(),
  // spec §3/§7: a send may carry personaContext, a persona's four texts (any other shape is a 400;
  // null: the main identity). Dropped once checked, since the prompt speaks only as a stored
  // persona (chat's personas.speakingAs) and a client's copy could carry any instructions unpaid.
  personaContext: PersonaContext.nullish().transform(() => undefined),
  clientMessageId: ClientMessageId.optional(),
});
export type SendMessageBody = z.input<typeof SendMessageBody>;

/** The answer of a send: spec §7 "response may include aiMessage", plus what the coins did. */
export const SendMessageResult = z.object({
  userMessage: Message,
  aiMessage: Message,
  /** Coins taken for this message (its length in code points). */
  cost: z.number().int().min(0),
  /** The balance right after the debit, as the wallet answered it. */
  balance: z.number().int().min(0),
});
export type SendMessageResult = z.infer<typeof SendMessageResult>;

/**
 * Streaming (ARCHITECTURE §7): a send with `Accept: text/event-stream` is answered, once the
 * coins are taken, by server-sent events: `start` (the user message, cost and balance), `delta`
 * (reply text as it arrives), then `done` (the SendMessageResult) or `error` (StreamError: the
 * coins are refunded). Failures before the debit (400, 402, 404...) are plain JSON errors.
 */
export { NEXT_CURSOR_HEADER, STREAM_EVENTS, STREAM_PING_MS } from './values/chat';
export const StreamStart = z.object({ userMessage: Message, cost: z.number().int(), balance: z.number().int() });
export type StreamStart = z.infer<typeof StreamStart>;
export const StreamDelta = z.object({ text: z.string() });
export type StreamDelta = z.infer<typeof StreamDelta>;
export const StreamError = z.object({
  message: z.string(),
  code: z.string().optional(),
  status: z.number().int(),
  /** A send that failed: the coins given back (0 when none were taken). */
  refunded: z.number().int().nonnegative().optional(),
  /** status 202 SEND_PENDING: the send is decided by then at the latest (ask by its client id). */
  decidedBy: z.string().optional(),
});
export type StreamError = z.infer<typeof StreamError>;

// ---------------------------------------------------------------------------------------------
// Another answer (swipes; chat README "Another answer")

export { ALTERNATIVES_MAX, SWIPE_MESSAGES } from './values/chat';

/** /api/messages/{id}/regenerate and /api/messages/{id}/selected: the reply (or greeting) addressed. */
export const AlternativeParams = z.object({ id: Id });

/**
 * POST /api/messages/{id}/regenerate: another answer for the chat's latest reply to a member's
 * message, paid as that message was (its messageCost). `clientMessageId` is required and has its
 * own namespace (a send's id does not collide with it): the same id twice is one answer, charged
 * once, and a repeat is answered with the first one's outcome (202 SEND_PENDING while undecided).
 * Answered as a send: a SendMessageResult (or the same event stream: `start` names the member's
 * message it answers) whose `aiMessage` is the reply with the new answer selected, its
 * `alternatives` and `selected`; `userMessage` is the member's message it answers. 409
 * ALTERNATIVES_FULL past ALTERNATIVES_MAX answers, 409 NOT_REGENERABLE on anything but that latest
 * reply (SWIPE_MESSAGES), 402/503 as a send; nothing is taken on a 409.
 */
export const RegenerateBody = z.object({ userId: ActorRef, clientMessageId: ClientMessageId });
export type RegenerateBody = z.input<typeof RegenerateBody>;

/**
 * PUT /api/messages/{id}/selected: which answer counts (free). Answers the Message with its new
 * `content` and `selected`; 400 (SWIPE_MESSAGES.noSuchAlternative) for an index it does not have.
 */
export const SelectAlternativeBody = z.object({ userId: ActorRef, index: z.number().int().min(0) });
export type SelectAlternativeBody = z.input<typeof SelectAlternativeBody>;

// ---------------------------------------------------------------------------------------------
// Edit, rewind, branch (a member takes back or changes turns, or tries another path). An edit
// pays the code points it adds past the message's paid room (saveCost); a rewind refunds nothing
// and a branch charges nothing (the copies keep their paid room).

export { REWIND_MESSAGES } from './values/chat';

/** PUT /api/messages/{id}: the message's (or the selected alternative's) new text. */
export const MessageIdParams = z.object({ id: Id });
/**
 * The cost the client showed on the save button (saveCost), when it showed one: a save costing more
 * is refused (409 COST_CHANGED with the cost now) rather than charged past what the member saw.
 */
export const ShownCost = z.number().int().min(0).optional();
export const EditMessageBody = z.object({ userId: ActorRef, content: MessageContent, cost: ShownCost });
export type EditMessageBody = z.infer<typeof EditMessageBody>;

/**
 * DELETE /api/chats/{id}/messages?from={messageId}[&count=N]: removes that message and every later
 * one. The count a confirm names is the loaded list's length from that message to its end (the list
 * is contiguous up to the newest); sent back as `count`, it guards the confirm: when another
 * number would go (a reply arrived since), 409 REWIND_COUNT_CHANGED with the true `count`.
 */
export const RewindQuery = z.object({
  from: Id,
  count: QueryInt(1, Number.MAX_SAFE_INTEGER).optional(),
});
export type RewindQuery = z.infer<typeof RewindQuery>;

/** The rewind's answer: how many messages went, and the chat's last line now. */
export const RewindResult = z.object({
  removed: z.number().int().min(1),
  lastMessage: z.string(),
  lastUpdated: z.string(),
});
export type RewindResult = z.infer<typeof RewindResult>;

/** 409 REWIND_COUNT_CHANGED: the number of messages the rewind would remove now. */
export const RewindCountChanged = z.object({ message: z.string(), code: z.literal('REWIND_COUNT_CHANGED'), count: z.number().int() });
export type RewindCountChanged = z.infer<typeof RewindCountChanged>;

/** POST /api/chats/{id}/branch: a new chat (201, a `Chat`) whose history is a copy up to and including this message. */
export const BranchChatBody = z.object({ userId: ActorRef, fromMessageId: Id });
export type BranchChatBody = z.infer<typeof BranchChatBody>;

// ---------------------------------------------------------------------------------------------
// Personas

/** spec §3 "Persona". */
export const Persona = z.object({
  id: z.string(),
  userId: z.string(),
  name: z.string(),
  appearance: z.string(),
  personality: z.string(),
  background: z.string(),
  profileUrl: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Persona = z.infer<typeof Persona>;

/** POST /api/personas, PUT /api/personas/{id}: spec §5 all four texts required (non-blank). */
export const PersonaInput = z.object({
  userId: ActorRef,
  ...personaTexts,
  profileUrl: ProfileUrl.default(''),
});
export type PersonaInput = z.input<typeof PersonaInput>;

export const PersonaIdParams = z.object({ id: Id });
export const PersonasOfUserParams = z.object({ userId: Id });

/** GET /api/chats/{id}/persona: the persona saved for the chat (spec §4), null for the main identity. */
export const ChatPersona = z.object({ personaId: z.string().nullable(), persona: Persona.nullable() });
export type ChatPersona = z.infer<typeof ChatPersona>;
/** POST /api/chats/{id}/persona. */
export const SetChatPersonaBody = z.object({ userId: ActorRef, personaId: Id });

// ---------------------------------------------------------------------------------------------
// Memory

/** GET/POST /api/chats/{id}/memory: spec §5 at most 1000 characters; `paid`, the note's paid room (absent: 0). */
export const ChatMemory = z.object({ memory: z.string(), paid: z.number().int().min(0).optional() });
export type ChatMemory = z.infer<typeof ChatMemory>;
/** Saving the note pays the code points past its paid room (saveCost); `cost` as on an edit. */
export const MemoryBody = z.object({ userId: ActorRef, memory: upTo(LIMITS.memory, 'Memory'), cost: ShownCost });

// ---------------------------------------------------------------------------------------------
// Memory that keeps up: the summary of the turns the prompt's window dropped, and pinned messages
// (chat README "Memory that keeps up"). The member's edit of the summary pays as a save; pins are
// free (a pin repeats its message's own text).

export { MEMORY_ERROR_CODES, MEMORY_LIMITS, MEMORY_MESSAGES } from './values/memory';

/**
 * GET/PUT /api/chats/{id}/summary: the story so far, written in the background once turns fall
 * out of the prompt's window (or as the member edited it); '' when there is none yet.
 * `coveredTo` is how many of the chat's first places it covers (0: none).
 */
export const ChatSummaryView = z.object({
  summary: z.string(),
  coveredTo: z.number().int().min(0),
  /** The member changed it since it was last written. */
  edited: z.boolean(),
  updatedAt: z.string().nullable(),
  /** The summary's paid room (absent: 0): a model's summary is not member text, the member's edit pays (saveCost). */
  paid: z.number().int().min(0).optional(),
});
export type ChatSummaryView = z.infer<typeof ChatSummaryView>;

/** PUT /api/chats/{id}/summary: the member's text (blank removes it; the length limit is MEMORY_LIMITS.summaryCharacters, refused in Thai). */
export const SummaryBody = z.object({ userId: ActorRef, summary: z.string().max(20_000), cost: ShownCost });
export type SummaryBody = z.input<typeof SummaryBody>;

/** A pinned message: a copy of its text as the prompt gets it, whatever the window drops. */
export const Pin = z.object({
  messageId: z.string(),
  chatId: z.string(),
  content: z.string(),
  isUser: z.boolean(),
  /** The message's time. */
  timestamp: z.string(),
  /** Its size as the prompt estimates it (the pins' total is at most MEMORY_LIMITS.pinTokens). */
  tokens: z.number().int().min(0),
  pinnedAt: z.string(),
});
export type Pin = z.infer<typeof Pin>;

/** POST/DELETE /api/messages/{id}/pin. */
export const PinParams = z.object({ id: Id });

// ---------------------------------------------------------------------------------------------
// Ratings (chat README "Ratings")

export { RATING_ERROR_CODES, RATING_MESSAGES } from './values/chat';

/**
 * POST /api/messages/{id}/rating: the member's thumb on the selected answer of a character's reply
 * in their own chat (1 up, -1 down, 0 clears). Answers RatingResult; 404 for a message that is not
 * theirs (as their chat is not), 400 NOT_RATEABLE on the member's own message.
 */
export const RateMessageBody = z.object({ userId: ActorRef, value: RatingValue });
export type RateMessageBody = z.input<typeof RateMessageBody>;
export const RatingResult = z.object({ value: RatingValue });
export type RatingResult = z.infer<typeof RatingResult>;
