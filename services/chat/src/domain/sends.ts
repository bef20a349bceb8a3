import { ALTERNATIVES_MAX, messageCost, type Message, type SendMessageResult, type StreamStart } from '@lakorn/contracts';
import type { Actor, Logger, Outbox } from '@lakorn/service-kit';
import { alternativeId, type AlternativeStore } from '../data/alternativeStore';
import type { ChatStore } from '../data/chatStore';
import type { MessageDoc, RegenerateOf, ResolutionDoc, SendOutcome } from '../data/models';
import type { PendingSend, RecordedSend, SendStore } from '../data/sendStore';
import type { CharacterDirectory } from './characters';
import type { Chats } from './chats';
import { debitOpId, type CoinClient } from './coins';
import { DomainError } from '@lakorn/service-kit';
import { AiUnavailable, AlternativesFull, ChatNotFound, ClientMessageIdReused, MessageNotFound, NotEnoughCoins, NotRegenerable, SendNotFound, SendPending, SendRecordGone } from './errors';
import { createHandlers, INSTANCE_GONE_MS, SWEEP_GRACE_MS } from './handlers';
import { newId } from './ids';
import type { ChatMemoryKeeper } from './memory';
import type { Personas, Speaker } from './personas';
import { assemblePrompt, type PromptPersona } from './prompt';
import type { Responder } from './responders/types';
import { messageView } from './views';

// Sending a message (spec §4 "Message send", §5, ARCHITECTURE §3, §4, §7). The coins are taken
// BEFORE the model is called, through the wallet's debit request/reply (opId chat:<messageId>).
// Every send ends in exactly one resolution, decided by an insert that a unique _id refuses the
// second time: delivered (both messages are kept) or refunded (neither is; the wallet gives the
// coins back or voids the opId), or insufficient / void (nothing was taken). The handler and the
// sweeper race for that insert, so a send stuck between debit and reply (a crash, a hang) is
// refunded once and never also delivered.

export interface SendInput {
  chatId: string;
  content: string;
  personaId?: string | null;
  clientMessageId?: string;
}

/** Another answer for a reply (POST /api/messages/{id}/regenerate). */
export interface RegenerateInput {
  replyId: string;
  clientMessageId: string;
}

export interface SendHooks {
  /** The coins are taken and the model is about to be called (streaming starts here). */
  onDebited?: (start: StreamStart) => void;
  /** A piece of the reply (given only when streaming). */
  onDelta?: (text: string) => void;
  /** How long a step of the send took, in milliseconds (the route's Server-Timing header). */
  onPhase?: (phase: SendPhase, ms: number) => void;
  /**
   * Aborted when the member stops the reply (a streaming client that leaves): the model is stopped
   * and what it wrote so far is kept as the reply, paid (chat README "Stop").
   */
  stop?: AbortSignal;
}

/**
 * The steps a send waits on: `prepare` (the chat, the persona and recording the send), `debit`
 * (the wallet's answer), `reply` (the prompt's reads and the model), `store` (the resolution and
 * the messages).
 */
export type SendPhase = 'prepare' | 'debit' | 'reply' | 'store';

export interface Sends {
  send(actor: Actor, input: SendInput, hooks?: SendHooks): Promise<SendMessageResult>;
  /**
   * Another answer for the chat's latest reply to a member's message, paid as that message was,
   * through the same record, debit, resolution, sweeper and refund as a send; its answer is a
   * send's, `aiMessage` the reply with the new answer selected.
   */
  regenerate(actor: Actor, input: RegenerateInput, hooks?: SendHooks): Promise<SendMessageResult>;
  /**
   * What became of one's send with this client message id (a lost answer, ARCHITECTURE §6): its
   * answer, or SendPending while undecided, SendNotFound when none was recorded. A send whose
   * handler has surely given up is finished here, as the sweeper would.
   */
  outcome(actor: Actor, clientMessageId: string): Promise<SendMessageResult>;
  /** Finishes pending sends whose handler has given up (refunds them unless decided); answers how many. */
  sweep(): Promise<number>;
  /** Records that this process is running (every INSTANCE_SEEN_MS): its sends are not given up on. */
  seen(): Promise<void>;
}

export interface SendsDeps {
  store: SendStore;
  chatStore: ChatStore;
  alternatives: AlternativeStore;
  chats: Chats;
  personas: Personas;
  characters: CharacterDirectory;
  coins: CoinClient;
  responder: Responder;
  logger: Logger;
  /** How long the wallet has to answer the debit. */
  debitTimeoutMs: number;
  /** How long the model has to finish its reply. */
  replyTimeoutMs: number;
  /** History messages read for the prompt (the budget may keep fewer). */
  historyLimit: number;
  /** Prompt tokens allowed (context window minus the reply's allowance). */
  promptBudgetTokens: number;
  /** The chat's summary and pins for the prompt, and the summary asked for once turns fall out of the window. */
  memory: ChatMemoryKeeper;
  /** Where `chat.message.sent` waits until it is published (ARCHITECTURE §4). */
  outbox: Pick<Outbox, 'enqueue'>;
  /** This process, named on the sends it handles (default: a new id). */
  instanceId?: string;
  now?: () => Date;
}

export { INSTANCE_GONE_MS, SWEEP_GRACE_MS };
/** How often a chat process records that it is running (main.ts). */
export const INSTANCE_SEEN_MS = 5_000;

/**
 * The outcome as the send's answer: the delivered messages, or the refusal it was. A refund gives
 * back the send's cost (a debit that never applied is voided instead: the balance is whole either
 * way); a void debit took nothing.
 */
function answerOf(outcome: SendOutcome, cost: number): SendMessageResult {
  switch (outcome.kind) {
    case 'delivered':
      return outcome.answer;
    case 'insufficient':
      throw new NotEnoughCoins(outcome.balance, outcome.cost);
    case 'refunded':
      throw new AiUnavailable(cost);
    case 'void':
      throw new AiUnavailable(0);
  }
}

const aiMessageId = (messageId: string) => `${messageId}-r`;

const messageOfError = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** A message of the send's chat: the member's own (`isUser`) or the character's reply. */
function messageOf(send: RecordedSend, fields: Pick<MessageDoc, '_id' | 'content' | 'isUser' | 'timestamp' | 'persona' | 'offline'>): MessageDoc {
  return { ...fields, chatId: send.chatId, userId: send.userId, characterId: send.characterId };
}

export function createSends(deps: SendsDeps): Sends {
  const { store, chatStore, coins, responder } = deps;
  const now = deps.now ?? (() => new Date());
  const log = deps.logger.child({ component: 'sends' });
  const instanceId = deps.instanceId ?? newId();

  /**
   * Sends whose handler in this process gave up before finishing them (a write failed on the way,
   * as while the database is away): nobody works on them any more, so they are settled as a dead
   * process's are, by the next sweep or the member's next ask, instead of at their deadline (which
   * left a member asking for about 75 s after a database outage).
   */
  const handlers = createHandlers({ instanceId, lastSeen: (instance) => store.lastSeen(instance), now });
  const giveUp = (send: { _id: string }) => handlers.giveUp(send._id);

  /** The member's message: a send's new one, or the stored one another answer answers. */
  const userMessageDoc = (send: RecordedSend): MessageDoc =>
    messageOf(send, {
      _id: send.regenerate?.userMessageId ?? send.messageId,
      content: send.content,
      isUser: true,
      timestamp: send.regenerate?.userMessageAt ?? send.createdAt,
      persona: send.persona,
      offline: false,
    });

  /**
   * Carries out a standing resolution (idempotently: the sweeper may repeat it after a crash) and
   * records the outcome that every repeat of the send will be answered with.
   */
  const aiMessageDoc = (send: RecordedSend, resolution: ResolutionDoc): MessageDoc =>
    messageOf(send, {
      _id: send.regenerate?.replyId ?? aiMessageId(send.messageId),
      content: resolution.reply,
      isUser: false,
      timestamp: send.regenerate?.replyAt ?? (resolution.at > send.createdAt ? resolution.at : new Date(send.createdAt.getTime() + 1)),
      persona: null,
      offline: resolution.offline,
    });

  /** The reply as the answer shows it: another answer's reply carries its answers, the new one selected. */
  function replyView(send: RecordedSend, resolution: ResolutionDoc): Message {
    const view = messageView(aiMessageDoc(send, resolution));
    const asked = send.regenerate;
    if (!asked) return view;
    const answers = [...asked.earlier.filter((a) => a.n !== asked.n), { n: asked.n, content: resolution.reply }].sort((a, b) => a.n - b.n);
    return { ...view, alternatives: answers.map((a) => a.content), selected: answers.findIndex((a) => a.n === asked.n) };
  }

  /** What a standing resolution means for the member, before (or without) carrying it out. */
  function outcomeOf(send: RecordedSend, resolution: ResolutionDoc): SendOutcome {
    switch (resolution.kind) {
      case 'delivered': {
        const answer: SendMessageResult = {
          userMessage: messageView(userMessageDoc(send)),
          aiMessage: replyView(send, resolution),
          cost: send.cost,
          balance: resolution.balance ?? 0,
        };
        return { kind: 'delivered', answer };
      }
      case 'refunded':
        return { kind: 'refunded' };
      case 'insufficient':
        return { kind: 'insufficient', balance: resolution.balance ?? 0, cost: send.cost };
      case 'void':
        return { kind: 'void' };
    }
  }

  async function settle(send: RecordedSend, resolution: ResolutionDoc, chatLookup?: Promise<unknown>): Promise<SendOutcome> {
    const result = outcomeOf(send, resolution);
    if (resolution.kind === 'delivered') {
      // A chat deleted while its reply was written keeps no orphan messages.
      if (await (chatLookup ?? chatStore.getChat(send.chatId))) {
        if (send.regenerate) return deliverAnswer(send, send.regenerate, resolution, result);
        await chatStore.insertMessage(userMessageDoc(send));
        const aiMessage = aiMessageDoc(send, resolution);
        // The member's message is sent (discover's popular order counts it): enqueued before the
        // send is finished, so a crash here leaves it to the sweeper's repeat (the outbox drops a
        // second copy by its messageId). Another answer (regenerate) is no new message.
        await Promise.all([chatStore.insertMessage(aiMessage), messageSent(send)]);
        // The chat's last line and the send's recorded answer are independent writes.
        const [, finished] = await Promise.all([
          chatStore.setLastMessage(send.chatId, aiMessage.content, aiMessage.timestamp),
          finishWith(send, result),
        ]);
        return finished;
      }
    }
    if (resolution.kind === 'refunded') {
      await coins.requestRefund({ opId: debitOpId(send.messageId), userId: send.userId, reason: 'reply not delivered' });
    }
    // Another answer that was not delivered is kept as failed: nothing of it is shown, and its opId is spent.
    if (send.regenerate && resolution.kind !== 'delivered') await deps.alternatives.fail(send.regenerate.replyId, send.regenerate.n);
    return finishWith(send, result);
  }

  /**
   * Another answer delivered: stored as the reply's answer n and selected (the reply's `content`,
   * so the history and the next prompt continue from it), and the chat's last line shows it. Each
   * write is idempotent: the sweeper may repeat them after a crash.
   */
  async function deliverAnswer(send: RecordedSend, asked: RegenerateOf, resolution: ResolutionDoc, result: SendOutcome): Promise<SendOutcome> {
    const count = asked.earlier.filter((a) => a.n !== asked.n).length + 1;
    const [, , , finished] = await Promise.all([
      deps.alternatives.fill(asked.replyId, asked.n, resolution.reply, resolution.offline),
      deps.alternatives.select(asked.replyId, asked.n, count, resolution.reply),
      chatStore.setLastMessage(send.chatId, resolution.reply, asked.replyAt),
      finishWith(send, result),
    ]);
    return finished;
  }

  function messageSent(send: RecordedSend): Promise<void> {
    const payload = { messageId: send.messageId, chatId: send.chatId, characterId: send.characterId, userId: send.userId, at: send.createdAt.toISOString() };
    return deps.outbox.enqueue({ name: 'chat.message.sent', payload, messageId: `chat.message.sent:${send.messageId}` });
  }

  async function finishWith(send: RecordedSend, result: SendOutcome): Promise<SendOutcome> {
    await store.finish(send._id, result);
    return result;
  }

  /**
   * Decides the send (unless the sweeper or another handler did first) and carries the decision
   * out. Once a decision stands, its outcome is the answer even when carrying it out fails: the
   * send stays pending and the sweeper finishes it (a member is never told that a delivered send
   * failed). Before one stands (the resolution's insert failed), the outcome is not known: pending.
   */
  async function resolveAndSettle(send: RecordedSend, decision: Omit<ResolutionDoc, '_id' | 'at'>): Promise<SendOutcome> {
    // Whether the chat still exists is read while the resolution is inserted: a delivery needs both.
    const chatLookup = decision.kind === 'delivered' ? chatStore.getChat(send.chatId) : undefined;
    chatLookup?.catch(() => undefined);
    let resolution: ResolutionDoc;
    try {
      ({ resolution } = await store.resolve({ ...decision, _id: send.messageId, at: now() }));
    } catch (error) {
      log.warn({ opId: debitOpId(send.messageId), err: messageOfError(error) }, 'could not record the outcome; the sweeper decides it');
      giveUp(send);
      throw new SendPending(send.expiresAt);
    }
    try {
      return await settle(send, resolution, resolution.kind === 'delivered' ? chatLookup : undefined);
    } catch (error) {
      log.warn({ opId: debitOpId(send.messageId), outcome: resolution.kind, err: messageOfError(error) }, 'could not finish a decided send; the sweeper finishes it');
      giveUp(send);
      return outcomeOf(send, resolution);
    }
  }

  /** A send's answer now: recorded, decided by its standing resolution, or finished if overdue. */
  async function answerNow(send: RecordedSend): Promise<SendOutcome> {
    if (send.result) return send.result;
    if (now() > send.expiresAt || (await handlers.gone(send))) {
      // The first handler is gone: finish the send as the sweeper would.
      const standing = await store.resolutionOf(send.messageId);
      const outcome = standing ? await settle(send, standing) : await resolveAndSettle(send, refundDecision());
      handlers.forget(send._id);
      return outcome;
    }
    // Decided but not yet recorded (the handler is storing the messages): the decision answers.
    const standing = await store.resolutionOf(send.messageId);
    if (standing) return outcomeOf(send, standing);
    throw new SendPending(send.expiresAt);
  }

  /**
   * A repeat of a client message id: the first send's answer when it has one, else at once a
   * SendPending (the client asks again), never a wait on the first handler.
   */
  async function replay(key: string, sameRequest: (send: RecordedSend) => boolean, hooks: SendHooks, recorded?: RecordedSend): Promise<SendMessageResult> {
    const send = recorded ?? (await store.get(key));
    if (!send) throw new SendRecordGone();
    if (!sameRequest(send)) throw new ClientMessageIdReused();
    const value = answerOf(await answerNow(send), send.cost);
    hooks.onDebited?.({ userMessage: value.userMessage, cost: value.cost, balance: value.balance });
    return value;
  }

  const refundDecision = (): Omit<ResolutionDoc, '_id' | 'at'> => ({ kind: 'refunded', reply: '', offline: false, balance: null });

  /** The persona the member speaks as (personas.speakingAs; a send's personaContext is ignored). */
  const personaOf = (actor: Actor, chatId: string, input: SendInput): Promise<Speaker> =>
    deps.personas.speakingAs(actor, input.personaId, () => chatStore.getChatPersona(chatId));

  /** What the prompt is made of besides the persona: read while the coins are being taken. */
  interface PromptInputs {
    character: Awaited<ReturnType<CharacterDirectory['get']>>;
    history: MessageDoc[];
    memory: string;
    userName: string | null;
    /** The summary of the turns the window dropped and the pinned messages (domain/memory.ts). */
    kept: Awaited<ReturnType<ChatMemoryKeeper['forPrompt']>>;
  }

  /**
   * The history the new message follows. Another answer answers a member's message already stored:
   * its history ends before that message (neither it nor the reply answered again is history).
   */
  async function historyOf(chatId: string, asked?: RegenerateOf): Promise<MessageDoc[]> {
    if (!asked) return chatStore.recentMessages(chatId, deps.historyLimit);
    const recent = await chatStore.recentMessages(chatId, deps.historyLimit + 2);
    const at = recent.findIndex((m) => m._id === asked.userMessageId);
    return (at >= 0 ? recent.slice(0, at) : recent.filter((m) => m._id !== asked.replyId)).slice(-deps.historyLimit);
  }

  async function readPromptInputs(actor: Actor, chatId: string, characterId: string, asked?: RegenerateOf): Promise<PromptInputs> {
    const [character, history, memory, userName, kept] = await Promise.all([
      deps.characters.get(characterId),
      historyOf(chatId, asked),
      chatStore.getMemory(chatId),
      chatStore.getUsername(actor.id),
      deps.memory.forPrompt(chatId),
    ]);
    return { character, history, memory, userName, kept };
  }

  async function writeReply(send: RecordedSend, persona: PromptPersona | null, inputs: Promise<PromptInputs>, onDelta?: (text: string) => void, stop?: AbortSignal): Promise<string> {
    const { character, history, memory, userName, kept } = await inputs;
    if (!character) throw new Error(`character ${send.characterId} is not known`);
    const prompt = assemblePrompt({
      character,
      persona,
      userName,
      memory,
      summary: kept.summary?.text,
      pins: kept.pins,
      history: history.map((m) => ({ isUser: m.isUser, content: m.content })),
      userMessage: send.content,
      answer: send.regenerate?.n,
      budgetTokens: deps.promptBudgetTokens,
    });
    // Turns the window dropped are summarized in the background (never waited for here).
    deps.memory.windowMoved({ chatId: send.chatId, userId: send.userId }, kept.summary, history, prompt.keptHistory);
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(new Error('The model took too long')), deps.replyTimeoutMs);
    const stopped = () => controller.abort(new Error('The member stopped the reply'));
    if (stop?.aborted) stopped();
    stop?.addEventListener('abort', stopped, { once: true });
    try {
      const text = await responder.reply(prompt, { signal: controller.signal, onDelta });
      if (text.trim() === '') throw new Error('The model answered nothing');
      return text;
    } finally {
      clearTimeout(timer);
      stop?.removeEventListener('abort', stopped);
    }
  }

  /** The chat (ChatNotFound unless the actor's) and the persona, read together; the chat's answer wins. */
  async function chatAndPersona(actor: Actor, input: SendInput) {
    const [chat, persona] = await Promise.allSettled([deps.chats.owned(actor, input.chatId), personaOf(actor, input.chatId, input)]);
    if (chat.status === 'rejected') throw chat.reason;
    if (persona.status === 'rejected') throw persona.reason;
    // A hidden character, or an 18+ one before the member confirmed: refused before the send is
    // recorded or debited, so no coins are taken (README "Hidden and 18+ characters").
    await deps.chats.assertOpen(actor, chat.value);
    return { chat: chat.value, persona: persona.value };
  }

  /** The part of a send after it is recorded: every failure not decided by the domain leaves it pending. */
  async function carryOut(send: RecordedSend, actor: Actor, persona: PromptPersona | null, hooks: SendHooks, phase: (name: SendPhase) => void): Promise<SendMessageResult> {
    // The prompt's reads need nothing from the wallet: they run while the debit travels. They
    // are only reads, so a refused debit just drops them.
    const inputs = readPromptInputs(actor, send.chatId, send.characterId, send.regenerate);
    inputs.catch(() => undefined);

    const opId = debitOpId(send.messageId);
    let debit;
    try {
      debit = await coins.debit({ opId, userId: actor.id, amount: send.cost, deadline: send.createdAt.getTime() + deps.debitTimeoutMs });
    } catch (error) {
      // No answer: the coins may or may not have been taken. The refund request undoes either.
      log.warn({ opId, err: messageOfError(error) }, 'debit unanswered; refunding');
      return answerOf(await resolveAndSettle(send, refundDecision()), send.cost);
    }
    phase('debit');
    if (debit.status === 'insufficient') {
      return answerOf(await resolveAndSettle(send, { kind: 'insufficient', reply: '', offline: false, balance: debit.balance }), send.cost);
    }
    if (debit.status === 'void') {
      return answerOf(await resolveAndSettle(send, { kind: 'void', reply: '', offline: false, balance: null }), send.cost);
    }

    hooks.onDebited?.({ userMessage: messageView(userMessageDoc(send)), cost: send.cost, balance: debit.balance });
    let reply: string;
    let written = '';
    const onDelta = hooks.onDelta && ((text: string) => {
      written += text;
      hooks.onDelta?.(text);
    });
    try {
      reply = await writeReply(send, persona, inputs, onDelta, hooks.stop);
    } catch (error) {
      // chat README "Stop": a reply the member stopped is what was written so far, paid for (the
      // coins paid for the member's message); so is one the model broke off (a failure, a
      // timeout) after text reached the member, who read it. Nothing written: refunded.
      if (written.trim() !== '') {
        if (!hooks.stop?.aborted) log.warn({ opId, err: messageOfError(error) }, 'the model failed after writing; keeping what was written');
        reply = written;
      } else {
        log.warn({ opId, err: messageOfError(error) }, 'no reply from the model; refunding');
        return answerOf(await resolveAndSettle(send, refundDecision()), send.cost);
      }
    }
    phase('reply');
    const delivered = await resolveAndSettle(send, { kind: 'delivered', reply, offline: responder.offline, balance: debit.balance });
    phase('store');
    return answerOf(delivered, send.cost);
  }

  /** Times the steps of a send for the route's Server-Timing header. */
  function phaseTimer(hooks: SendHooks): (name: SendPhase) => void {
    let mark = performance.now();
    return (name) => {
      const at = performance.now();
      hooks.onPhase?.(name, at - mark);
      mark = at;
    };
  }

  /** When a send's handler has surely given up (its debit and reply limits, and a margin). */
  const deadlineOf = (createdAt: Date) => new Date(createdAt.getTime() + deps.debitTimeoutMs + deps.replyTimeoutMs + SWEEP_GRACE_MS);

  /** A recorded send carried out; every failure not decided by the domain leaves it to the sweeper. */
  async function carryOutRecorded(send: RecordedSend, actor: Actor, persona: PromptPersona | null, hooks: SendHooks, phase: (name: SendPhase) => void): Promise<SendMessageResult> {
    try {
      return await carryOut(send, actor, persona, hooks, phase);
    } catch (error) {
      if (error instanceof DomainError) throw error;
      // Recorded but undecided (a write failed on the way): the sweeper decides it by its
      // deadline, and until then the member is told so rather than told it failed.
      log.warn({ opId: debitOpId(send.messageId), err: messageOfError(error) }, 'send interrupted; left to the sweeper');
      giveUp(send);
      throw new SendPending(send.expiresAt);
    }
  }

  return {
    async outcome(actor, clientMessageId) {
      const send = await store.get(`${actor.id}:${clientMessageId}`);
      if (!send) throw new SendNotFound();
      return answerOf(await answerNow(send), send.cost);
    },

    async send(actor, input, hooks = {}) {
      const phase = phaseTimer(hooks);
      const { chat, persona } = await chatAndPersona(actor, input);
      const createdAt = now();
      const key = `${actor.id}:${input.clientMessageId ?? newId()}`;
      const send: RecordedSend = {
        _id: key,
        messageId: newId(),
        userId: actor.id,
        chatId: chat._id,
        characterId: chat.characterId,
        content: input.content,
        cost: messageCost(input.content),
        persona: persona.ref,
        createdAt,
        expiresAt: deadlineOf(createdAt),
        instance: instanceId,
        result: null,
      };
      // spec: a double submit (the same client message id) is one message, charged once.
      if (!(await store.begin(send))) return replay(key, (first) => first.chatId === input.chatId && first.content === input.content, hooks);
      phase('prepare');
      return carryOutRecorded(send, actor, persona.prompt, hooks, phase);
    },

    async regenerate(actor, input, hooks = {}) {
      const phase = phaseTimer(hooks);
      // Its own namespace: a send's client message id never answers for a regenerate, nor back.
      const key = `${actor.id}:regenerate:${input.clientMessageId}`;
      const sameRequest = (first: RecordedSend) => first.regenerate?.replyId === input.replyId;
      // A repeat is answered before any answer's place is claimed: one answer, charged once.
      const recorded = await store.get(key);
      if (recorded) return replay(key, sameRequest, hooks, recorded);

      const reply = await chatStore.getMessage(input.replyId);
      if (!reply) throw new MessageNotFound();
      // Another member's message does not exist for this one, as their chat does not.
      const { chat, persona } = await chatAndPersona(actor, { chatId: reply.chatId, content: reply.content }).catch((error: unknown) => {
        throw error instanceof ChatNotFound ? new MessageNotFound() : error;
      });
      const [asked, latest] = await chatStore.recentMessages(chat._id, 2);
      if (!asked?.isUser || !latest || latest._id !== reply._id || latest.isUser) throw new NotRegenerable();

      const answers = await deps.alternatives.ofMessage(reply._id);
      const place = { messageId: reply._id, chatId: chat._id, userId: actor.id, page: latest.page ?? '', at: now() };
      let earlier = answers.filter((a) => a.ready).map(({ n, content }) => ({ n, content }));
      if (answers.length === 0) {
        // The reply's first answer becomes answer 0 when another is first asked for.
        await deps.alternatives.claim({ ...place, _id: alternativeId(reply._id, 0), n: 0, content: latest.content, offline: latest.offline, ready: true });
        earlier = [{ n: 0, content: latest.content }];
      }
      // contracts ALTERNATIVES_MAX: the next free place, claimed by an insert its unique index
      // refuses twice, so racing requests never pass the limit; none left: 409, nothing taken.
      const taken = new Set([0, ...answers.map((a) => a.n)]);
      let n = 0;
      for (let candidate = 1; candidate < ALTERNATIVES_MAX && n === 0; candidate++) {
        if (taken.has(candidate)) continue;
        if (await deps.alternatives.claim({ ...place, _id: alternativeId(reply._id, candidate), n: candidate, content: '', offline: false, ready: false })) n = candidate;
      }
      if (n === 0) throw new AlternativesFull();

      const createdAt = now();
      const send: RecordedSend = {
        _id: key,
        // ARCHITECTURE §3: its debit is opId chat:<replyId>:alt<n>, its refund refund:chat:<replyId>:alt<n>.
        messageId: `${reply._id}:alt${n}`,
        userId: actor.id,
        chatId: chat._id,
        characterId: chat.characterId,
        content: asked.content,
        // It costs what the member's message it answers cost.
        cost: messageCost(asked.content),
        persona: asked.persona,
        createdAt,
        expiresAt: deadlineOf(createdAt),
        instance: instanceId,
        result: null,
        regenerate: { replyId: reply._id, n, userMessageId: asked._id, userMessageAt: asked.timestamp, replyAt: latest.timestamp, earlier },
      };
      if (!(await store.begin(send))) {
        // The same client message id at once: the first one goes on; this place is given back.
        await deps.alternatives.release(reply._id, n);
        return replay(key, sameRequest, hooks);
      }
      phase('prepare');
      return carryOutRecorded(send, actor, persona.prompt, hooks, phase);
    },

    async seen() {
      await store.seen(instanceId, now());
    },

    async sweep() {
      let finished = 0;
      const pending = await store.pending(500);
      // A send given up here but finished elsewhere (another process's sweep) is no longer pending.
      const overdue: PendingSend[] = await handlers.overdue(pending, pending.length < 500, 100);
      for (const marker of overdue) {
        try {
          const send = await store.get(marker._id);
          if (!send || send.result) {
            // The member was deleted meanwhile (identity.user.deleted), or a marker of the earlier
            // form outlived its finished send: nothing left to finish.
            if (marker.marker) await store.dropMarker(marker._id);
            handlers.forget(marker._id);
            continue;
          }
          // Undecided after the handler's time: refund. Decided but unfinished (a crash): finish it.
          // A failure here leaves the send pending for the next sweep.
          const standing =
            (await store.resolutionOf(send.messageId)) ?? (await store.resolve({ ...refundDecision(), _id: send.messageId, at: now() })).resolution;
          const result = await settle(send, standing);
          if (marker.marker) await store.dropMarker(marker._id);
          handlers.forget(marker._id);
          log.info({ opId: debitOpId(send.messageId), outcome: result.kind }, 'swept a stuck send');
          finished += 1;
        } catch (error) {
          log.warn({ key: marker._id, err: messageOfError(error) }, 'could not sweep a send');
        }
      }
      return finished;
    },
  };
}
