import { messagePaidRoom, type Chat, type Message, type RewindResult } from '@lakorn/contracts';
import type { Actor } from '@lakorn/service-kit';
import type { AlternativeStore } from '../data/alternativeStore';
import type { ChatStore } from '../data/chatStore';
import type { ChatDoc, MessageDoc } from '../data/models';
import type { SendStore } from '../data/sendStore';
import type { CharacterDirectory } from './characters';
import type { Chats } from './chats';
import { CharacterNotFound, ChatNotFound, MessageNotFound, RewindCountChanged, RewindWhileSending } from './errors';
import { newId } from './ids';
import { answeredView } from './alternatives';
import type { PaidRoom } from './paidRoom';
import { messageView } from './views';

// Edit, rewind, branch: a member changes a turn, takes turns back, or tries another path from an
// earlier point (README "Edit, rewind, branch"). An edit pays the code points it adds past the
// message's paid room (README "Paying for text that reaches the model"); what a message cost was
// paid for the reply it got (ARCHITECTURE §3), so a rewind refunds nothing, and a branch charges
// nothing (its copies keep their paid room). Only the chat's owner reaches any of it; for anyone else the chat and its
// messages do not exist (404). Messages are reached by id and by page key (ARCHITECTURE §2): a
// rewind reads the pages from its cut to the newest, a branch the pages up to its message.

/**
 * What the chat's memory (summaries and pins) does when its history changes: summaries covering
 * removed turns are dropped and written again, and a branch takes the summaries and pins that apply
 * up to its message. Given by the memory's owner; each call is awaited, after the history changed.
 */
export interface HistoryListener {
  /** A message's text changed (an edit): a pin of it follows. */
  edited(messageId: string, content: string): Promise<void>;
  /** The chat's turns from place `fromSeq` on are gone (`removedIds`: the messages removed). */
  rewound(chatId: string, fromSeq: number, removedIds: string[]): Promise<void>;
  /** `target` is a copy of `source` up to place `upToSeq`; `copiedIds` maps source message ids to the copies'. */
  branched(source: string, target: string, upToSeq: number, copiedIds: Map<string, string>): Promise<void>;
}

export interface History {
  /**
   * PUT /api/messages/{id}: the member's or the character's message (its selected answer) gets new
   * text, paid past its paid room (`shownCost`: what the client showed; PaidRoom.save).
   */
  edit(actor: Actor, messageId: string, content: string, shownCost?: number): Promise<Message>;
  /**
   * DELETE /api/chats/{id}/messages?from=: removes that message and every later one. With
   * `expected`, refuses (RewindCountChanged) when another number would go.
   */
  rewind(actor: Actor, chatId: string, fromMessageId: string, expected?: number): Promise<RewindResult>;
  /** POST /api/chats/{id}/branch: a new chat with the same character, persona and memory note, its history a copy up to the message. */
  branch(actor: Actor, chatId: string, fromMessageId: string): Promise<Chat>;
}

export interface HistoryDeps {
  store: ChatStore;
  sends: Pick<SendStore, 'pendingInChat'>;
  chats: Chats;
  characters: Pick<CharacterDirectory, 'isDeleted'>;
  /** A message's answers (another answer, greeting alternatives), for an edited message's view. */
  answers: Pick<AlternativeStore, 'ofMessage'>;
  /** The memory's part (summaries, pins); absent: the chat has none to keep in step. */
  listener?: HistoryListener;
  /** Takes an edit's coins. */
  paidRoom: PaidRoom;
}

export function createHistory({ store, sends, chats, characters, answers, listener, paidRoom }: HistoryDeps): History {
  /** A message of one of the actor's chats, with that chat; else MessageNotFound. */
  async function ownedMessage(actor: Actor, messageId: string): Promise<{ message: MessageDoc; chat: ChatDoc }> {
    const message = await store.getMessage(messageId);
    if (!message || message.userId !== actor.id) throw new MessageNotFound();
    // A message outlives its chat only while the chat is being deleted: it is gone for the member.
    const chat = await chats.owned(actor, message.chatId).catch((error: unknown) => {
      throw error instanceof ChatNotFound ? new MessageNotFound() : error;
    });
    return { message, chat };
  }

  return {
    async edit(actor, messageId, content, shownCost) {
      const { message, chat } = await ownedMessage(actor, messageId);
      const save = { of: { kind: 'edit' as const, id: message._id }, text: content, paid: messagePaidRoom(message), shownCost };
      const paid = await paidRoom.save(actor, save, async (room, savedBy) => {
        await store.editMessage(message, content, room, savedBy);
        return room;
      });
      // The chat's last line shows the newest message, which may be the one edited.
      const [newest] = await store.recentMessages(chat._id, 1);
      if (newest?._id === message._id) await store.setLastMessage(chat._id, content, chat.lastUpdated);
      await listener?.edited(message._id, content);
      const edited: MessageDoc = { ...message, content, edited: true, paid };
      // As the message list shows it: with its answers (the selected one now the new text).
      if ((message.alternativeCount ?? 0) < 2) return messageView(edited);
      return answeredView(edited, (await answers.ofMessage(message._id)).filter((a) => a.ready));
    },

    async rewind(actor, chatId, fromMessageId, expected) {
      const [chat, message, sending] = await Promise.all([
        chats.owned(actor, chatId),
        store.getMessage(fromMessageId),
        sends.pendingInChat(actor.id, chatId),
      ]);
      if (!message || message.chatId !== chat._id) throw new MessageNotFound();
      // A send under way stores its messages when it is decided: they would land after the cut.
      if (sending) throw new RewindWhileSending();
      const { from: removed, previous } = await store.messagesFrom(chatId, message);
      if (removed.length === 0) throw new MessageNotFound();
      if (expected !== undefined && expected !== removed.length) throw new RewindCountChanged(removed.length);
      const fromSeq = removed[0]!.seq ?? 0;
      // The next message takes the first place freed (or shares the cut's place with the one kept there).
      await store.removeNewest(chatId, removed, previous?.seq ?? fromSeq - 1);
      const lastMessage = previous?.content ?? '';
      const lastUpdated = previous?.timestamp ?? chat.createdAt;
      await store.setLastMessage(chatId, lastMessage, lastUpdated);
      await listener?.rewound(chatId, fromSeq, removed.map((m) => m._id));
      return { removed: removed.length, lastMessage, lastUpdated: lastUpdated.toISOString() };
    },

    async branch(actor, chatId, fromMessageId) {
      const [source, message] = await Promise.all([chats.owned(actor, chatId), store.getMessage(fromMessageId)]);
      if (!message || message.chatId !== source._id) throw new MessageNotFound();
      // A branch opens a new chat: not with a hidden character, nor an 18+ one before confirming.
      await chats.assertOpen(actor, source);
      const [history, memory, personaId] = await Promise.all([
        store.messagesUpTo(chatId, message),
        store.memoryNote(chatId),
        store.getChatPersona(chatId),
      ]);
      if (history.length === 0) throw new MessageNotFound();
      const last = history[history.length - 1]!;
      const target = await chats.openBranch(actor, source, last.content);
      const copied = await store.copyHistory(target._id, history, newId);
      await Promise.all([
        // The note goes with its paid room (README "Paying for text that reaches the model").
        memory.memory.trim() === '' && memory.paid === 0 ? undefined : store.setMemory(target._id, actor.id, memory.memory, memory.paid),
        personaId ? store.setChatPersona(target._id, actor.id, personaId) : undefined,
      ]);
      await listener?.branched(chatId, target._id, last.seq ?? history.length, copied);
      // As a new room does: a character deleted meanwhile leaves no chat behind.
      if (await characters.isDeleted(source.characterId)) {
        await store.removeChat(target._id);
        throw new CharacterNotFound();
      }
      return chats.get(actor, target._id);
    },
  };
}
