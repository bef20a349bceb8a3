import { characterCount, MEMORY_LIMITS, MEMORY_MESSAGES, preview, type ChatSummaryView } from '@lakorn/contracts';
import type { Actor, Logger } from '@lakorn/service-kit';
import type { ChatStore } from '../data/chatStore';
import { pageNumberOf } from '../data/messagePages';
import type { MessageDoc, SummaryDoc } from '../data/models';
import { checkpointId, type SummaryStore } from '../data/summaryStore';
import type { CharacterDirectory } from './characters';
import type { Chats } from './chats';
import { SummaryTooLong } from './errors';
import type { PaidRoom } from './paidRoom';

// Memory that keeps up (README "Memory that keeps up"): once turns fall out of the prompt's window
// (assemblePrompt keeps the newest history that fits), the chat writes a summary of them in the
// background: the send only notices it is due and asks for it through the outbox
// (`chat.summary.requested`, to itself), and chat's own consumer writes it, with the configured
// model or, offline, extractively. The summary is one rolling text per chat (the story so far),
// editable by the member, and goes into every prompt. Writing it costs the member nothing (the
// operator's model account pays for it, README); the member's edit is member text and pays what it
// adds past the summary's paid room (README "Paying for text that reaches the model"). A write reads only the turns it adds (at most
// SUMMARY_MAX_TURNS, by page key) and the summary itself (by `_id`): never the whole chat.

/** Turns out of the window and not yet summarized before a summary is asked for (one call per batch, not per send). */
export const SUMMARY_BATCH_TURNS = 6;
/** The most turns one summary adds (a chat older than summaries starts from its newest dropped turns). */
export const SUMMARY_MAX_TURNS = 100;

/**
 * The outbox id of a summary request: one per revision of the summary and per 3 batches the window
 * moves, so the sends that follow a request do not repeat it, yet a request that failed for good
 * (the model down past the bus's retries) is made again once the window has moved on.
 */
export function summaryRequestId(request: { chatId: string; rev: number; upTo: number }): string {
  return `summary:${request.chatId}:${request.rev}:${Math.floor(request.upTo / (SUMMARY_BATCH_TURNS * 3))}`;
}

/** What a summary is written from: the summary so far and the turns it adds, oldest first. */
export interface SummaryInput {
  characterName: string;
  /** Who the member is in the story (the username), when known. */
  userName: string | null;
  previous: string;
  turns: Array<{ isUser: boolean; content: string }>;
  maxCharacters: number;
}

/** Who writes summaries: the configured model, or the offline extractive summarizer (ARCHITECTURE §7). */
export interface Summarizer {
  readonly offline: boolean;
  summarize(input: SummaryInput, signal: AbortSignal): Promise<string>;
}

/** A turn as one line of a summary: who spoke and the first clause of it, narration marks dropped. */
function extractLine(turn: SummaryInput['turns'][number], input: SummaryInput): string | null {
  const text = turn.content.replace(/\*+/g, '').replace(/\s+/g, ' ').trim();
  const first = text.split(/[.!?。]\s|\s{2,}|\n/)[0]?.trim() ?? '';
  if (characterCount(first) < 2) return null;
  const who = turn.isUser ? (input.userName ?? (/[\u0E00-\u0E7F]/.test(text) ? 'ผู้ใช้' : 'User')) : input.characterName;
  return `- ${who}: ${preview(first, 80)}`;
}

/**
 * The offline summary: the summary so far plus one line per new turn (who, and the first clause
 * of what they said), the oldest lines dropped first when it grows past the limit. Deterministic.
 */
export function extractiveSummary(input: SummaryInput): string {
  const lines = [
    ...input.previous.split('\n').map((l) => l.trim()).filter((l) => l !== ''),
    ...input.turns.map((t) => extractLine(t, input)).filter((l): l is string => l !== null),
  ];
  while (lines.length > 1 && characterCount(lines.join('\n')) > input.maxCharacters) lines.shift();
  return preview(lines.join('\n'), input.maxCharacters);
}

export function offlineSummarizer(): Summarizer {
  return { offline: true, summarize: async (input) => extractiveSummary(input) };
}

/** The instructions a model gets to write the summary (responders/openai.ts openAISummarizer sends them). */
export function summaryMessages(input: SummaryInput): Array<{ role: 'system' | 'user'; content: string }> {
  const user = input.userName ?? 'the user';
  const turns = input.turns.map((t) => `${t.isUser ? user : input.characterName}: ${t.content}`).join('\n');
  return [
    {
      role: 'system',
      content: [
        `You keep the running summary of a role-play between ${user} and the character ${input.characterName} in Lakorn (ละคร), a Thai chat app.`,
        'Rewrite the summary so far so that it also covers the new turns: names, facts, places, promises, feelings and open threads; leave out small talk.',
        'Write in the language of the conversation (natural Thai when it is in Thai), in the third person and the past tense.',
        `At most ${input.maxCharacters} characters. Answer with the summary only.`,
      ].join('\n'),
    },
    { role: 'user', content: `Summary so far:\n${input.previous.trim() || '(none yet)'}\n\nNew turns:\n${turns}` },
  ];
}

export interface Summaries {
  /** GET /api/chats/{id}/summary. */
  view(actor: Actor, chatId: string): Promise<ChatSummaryView>;
  /**
   * PUT /api/chats/{id}/summary: the member's text, paid past the summary's paid room (`shownCost`:
   * what the client showed; PaidRoom.save); blank removes the text (what it covered stays covered).
   */
  edit(actor: Actor, chatId: string, text: string, shownCost?: number): Promise<ChatSummaryView>;
  /**
   * After a prompt was assembled: when enough turns have fallen out of its window beyond what the
   * summary covers, asks for a summary (an outbox event; nothing is written on the send's path).
   * `history` is what the prompt was given (oldest first, with places), `kept` how many of its
   * newest turns fitted.
   */
  windowMoved(chat: { chatId: string; userId: string }, summary: SummaryDoc | null, history: Array<Pick<MessageDoc, 'seq'>>, kept: number): Promise<void>;
  /** The consumer of chat.summary.requested: writes the summary through `upTo` on revision `rev`, unless stale. */
  write(request: { chatId: string; userId: string; rev: number; upTo: number }): Promise<'written' | 'stale'>;
  /** A rewind removed the places from `fromSeq` on: a summary covering any of them is dropped back to the last checkpoint before them; the next send asks for the rest again. */
  rewound(chatId: string, fromSeq: number): Promise<void>;
  /** A branch copied places 1..upToSeq of `source` into `target`: the summary that applies up there goes with them. */
  branched(source: string, target: string, upToSeq: number): Promise<void>;
}

export interface SummariesDeps {
  store: SummaryStore;
  chatStore: Pick<ChatStore, 'getChat' | 'getUsername' | 'placesBetween'>;
  chats: Pick<Chats, 'owned'>;
  characters: Pick<CharacterDirectory, 'get'>;
  summarizer: Summarizer;
  /** Takes the coins of the member's edits. */
  paidRoom: PaidRoom;
  /** Asks for a summary (chat.summary.requested through the outbox). */
  request(event: { chatId: string; userId: string; rev: number; upTo: number }): Promise<void>;
  logger: Logger;
  /** How long the model has to write a summary. */
  timeoutMs: number;
  now?: () => Date;
}

const viewOf = (doc: SummaryDoc | null): ChatSummaryView => ({
  summary: doc?.text ?? '',
  coveredTo: doc?.coveredTo ?? 0,
  edited: doc?.edited ?? false,
  updatedAt: doc?.updatedAt.toISOString() ?? null,
  ...(doc?.paid ? { paid: doc.paid } : {}),
});

/** The first place still in the prompt's window (every place before it fell out). */
export function windowStart(history: Array<Pick<MessageDoc, 'seq'>>, kept: number): number {
  if (history.length === 0) return 1;
  if (kept > 0) return history[history.length - kept]!.seq ?? 1;
  return (history[history.length - 1]!.seq ?? 0) + 1;
}

export function createSummaries(deps: SummariesDeps): Summaries {
  const { store, chatStore } = deps;
  const now = deps.now ?? (() => new Date());
  const log = deps.logger.child({ component: 'summaries' });

  async function summarize(input: SummaryInput): Promise<string> {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(new Error('The model took too long to summarize')), deps.timeoutMs);
    try {
      const text = (await deps.summarizer.summarize(input, controller.signal)).trim();
      if (text === '') throw new Error('The model wrote an empty summary');
      return preview(text, input.maxCharacters);
    } finally {
      clearTimeout(timer);
    }
  }

  return {
    async view(actor, chatId) {
      await deps.chats.owned(actor, chatId);
      return viewOf(await store.get(chatId));
    },

    async edit(actor, chatId, text, shownCost) {
      await deps.chats.owned(actor, chatId);
      if (characterCount(text) > MEMORY_LIMITS.summaryCharacters) throw new SummaryTooLong(MEMORY_MESSAGES.summaryTooLong);
      const current = await store.get(chatId);
      const trimmed = text.trim() === '' ? '' : text;
      const save = { of: { kind: 'summary' as const, id: chatId }, text: trimmed, paid: current?.paid ?? 0, shownCost };
      return deps.paidRoom.save(actor, save, async (paid, savedBy) =>
        viewOf(await store.put(chatId, actor.id, { text: trimmed, coveredTo: current?.coveredTo ?? 0, edited: true, paid, savedBy }, now())),
      );
    },

    async windowMoved({ chatId, userId }, summary, history, kept) {
      const upTo = windowStart(history, kept) - 1;
      const coveredTo = summary?.coveredTo ?? 0;
      if (upTo - coveredTo < SUMMARY_BATCH_TURNS) return;
      await deps.request({ chatId, userId, rev: summary?.rev ?? 0, upTo });
    },

    async write({ chatId, userId, rev, upTo }) {
      const [chat, current] = await Promise.all([chatStore.getChat(chatId), store.get(chatId)]);
      // Changed since it was asked for (written, edited, rewound), or the chat is gone: a later
      // send asks again from what stands then.
      if (!chat || chat.userId !== userId || (current?.rev ?? 0) !== rev) return 'stale';
      const coveredTo = current?.coveredTo ?? 0;
      const from = Math.max(coveredTo + 1, upTo - SUMMARY_MAX_TURNS + 1);
      const [turns, character, userName] = await Promise.all([
        chatStore.placesBetween(chatId, from, upTo),
        deps.characters.get(chat.characterId),
        chatStore.getUsername(userId),
      ]);
      if (turns.length === 0) return 'stale';
      const text = await summarize({
        characterName: character?.name ?? chat.character.name,
        userName,
        previous: current?.text ?? '',
        turns: turns.map((m) => ({ isUser: m.isUser, content: m.content })),
        maxCharacters: MEMORY_LIMITS.summaryCharacters,
      });
      // Covers only places that hold a turn now (a rewind may have removed some since).
      const through = Math.max(coveredTo, ...turns.map((m) => m.seq ?? 0));
      // The model's text is no member text, but the room the member paid for stays the chat's.
      const written = await store.replaceAt(chatId, userId, rev, { text, coveredTo: through, edited: false, paid: current?.paid, savedBy: current?.savedBy }, now());
      if (!written) return 'stale';
      log.info({ chatId, coveredTo: through, turns: turns.length, offline: deps.summarizer.offline }, 'summary written');
      return 'written';
    },

    async rewound(chatId, fromSeq) {
      const current = await store.get(chatId);
      if (!current || current.coveredTo < fromSeq) return;
      const back = await store.checkpointBefore(chatId, fromSeq);
      // Checkpoints past the cut describe turns that went; the one restored is written again below.
      await store.dropCheckpoints(chatId, pageNumberOf(fromSeq), pageNumberOf(current.coveredTo));
      const state = back ? { text: back.text, coveredTo: back.coveredTo, edited: back.edited } : { text: '', coveredTo: 0, edited: false };
      await store.put(chatId, current.userId, state, now());
    },

    async branched(source, target, upToSeq) {
      const current = await store.get(source);
      if (!current) return;
      const { userId } = current;
      const applies = current.coveredTo <= upToSeq ? current : await store.checkpointBefore(source, upToSeq + 1);
      if (!applies) return;
      const copies = (await store.checkpointsUpTo(source, pageNumberOf(applies.coveredTo)))
        .filter((c) => c.coveredTo <= applies.coveredTo)
        .map((c) => ({ ...c, _id: checkpointId(target, pageNumberOf(c.coveredTo)), chatId: target, userId }));
      await store.putCheckpoints(copies);
      // The branch's summary carries the paid room with its text.
      await store.put(target, userId, { text: applies.text, coveredTo: applies.coveredTo, edited: applies.edited, paid: current.paid }, now());
    },
  };
}
