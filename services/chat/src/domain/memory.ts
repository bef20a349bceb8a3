import type { Logger } from '@lakorn/service-kit';
import type { MessageDoc, PinDoc, SummaryDoc } from '../data/models';
import type { SummaryStore } from '../data/summaryStore';
import type { Pins } from './pins';
import type { Summaries } from './summaries';

// What a chat remembers beyond its window (README "Memory that keeps up"), as the sends and the
// history (edit, rewind, branch) see it: the summary and the pins a prompt carries, the summary
// asked for once turns fall out of the window, and both kept in step when turns change.

export interface ChatMemoryKeeper {
  /** The summary and the pins of a chat, as a prompt carries them (two reads by equality). */
  forPrompt(chatId: string): Promise<{ summary: SummaryDoc | null; pins: PinDoc[] }>;
  /**
   * A prompt was assembled from `history` (oldest first) keeping its newest `kept` turns: asks for
   * a summary when enough turns fell out. Never waited for by a send: failures are only logged.
   */
  windowMoved(chat: { chatId: string; userId: string }, summary: SummaryDoc | null, history: Array<Pick<MessageDoc, 'seq'>>, kept: number): void;
  /** A message's text changed (an edit): its pin follows. */
  edited(messageId: string, content: string): Promise<void>;
  /** The chat's turns from place `fromSeq` on are gone (`removedIds`: the messages removed). */
  rewound(chatId: string, fromSeq: number, removedIds: string[]): Promise<void>;
  /** `target` is a copy of `source` up to place `upToSeq`; `copiedIds` maps source message ids to the copies'. */
  branched(source: string, target: string, upToSeq: number, copiedIds: Map<string, string>): Promise<void>;
}

export function createMemoryKeeper({ summaries, summaryStore, pins, logger }: { summaries: Summaries; summaryStore: Pick<SummaryStore, 'get'>; pins: Pins; logger: Logger }): ChatMemoryKeeper {
  const log = logger.child({ component: 'memory' });
  return {
    async forPrompt(chatId) {
      const [summary, pinned] = await Promise.all([summaryStore.get(chatId), pins.forPrompt(chatId)]);
      return { summary, pins: pinned };
    },

    windowMoved(chat, summary, history, kept) {
      // Off the send's path: the request is an outbox insert the send does not wait for. A lost
      // one is asked for again by the next send (the turns are still uncovered then).
      summaries.windowMoved(chat, summary, history, kept).catch((error: unknown) => {
        log.warn({ chatId: chat.chatId, err: error instanceof Error ? error.message : String(error) }, 'could not ask for a summary; the next send asks again');
      });
    },

    edited: (messageId, content) => pins.edited(messageId, content),

    async rewound(chatId, fromSeq, removedIds) {
      await Promise.all([summaries.rewound(chatId, fromSeq), pins.rewound(chatId, removedIds)]);
    },

    async branched(source, target, upToSeq, copiedIds) {
      await Promise.all([summaries.branched(source, target, upToSeq), pins.branched(source, target, copiedIds)]);
    },
  };
}
