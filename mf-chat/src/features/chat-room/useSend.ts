import { useCallback, useRef, useState } from 'react';
import { CHAT_BLOCK_MESSAGES, ERROR_CODES, messageCost, MODERATION_ERROR_CODES, SWIPE_MESSAGES, type ChatBlock, type Message, type MessagePersona, type SendMessageResult } from '@lakorn/contracts/web';
import { ApiError, errorMessage, useSession, useToast } from '@lakorn/shell-sdk';
import { AnswerStopped, awaitRegenerateOutcome, awaitSendOutcome, refundedOf, regenerateReply, SendAnswerLost, sendErrorMessage, sendMessage } from './api';
import { CHAT_TEXT } from './messages';

import { PROFILE_REFRESH_DELAY_MS } from '../../shared/paidSave';

export { PROFILE_REFRESH_DELAY_MS };

const newClientId = () => `c${Date.now().toString(36)}${Math.random().toString(36).slice(2, 10)}`;

export interface SendState {
  /** Optimistic messages (ids start with temp-): the user's, then the reply as it streams. */
  temporary: Message[];
  pending: boolean;
  /** True until the first piece of the reply arrives (the typing indicator shows). */
  waiting: boolean;
  /** True while reply pieces arrive: the stop button shows. */
  streaming: boolean;
  /** Another answer streaming for the reply `replyId`: shown in that reply's place until the list is read again. */
  another: { replyId: string; content: string } | null;
}

const idle: SendState = { temporary: [], pending: false, waiting: false, streaming: false, another: null };

/** The failure toast's second line: what became of the coins. */
function coinsLine(error: unknown): string {
  const refunded = refundedOf(error);
  if (refunded !== null) return refunded > 0 ? CHAT_TEXT.coinsReturned(refunded) : CHAT_TEXT.noCoinsTaken;
  // Never reached the chat service (the gateway's 503, or 404 asked by its id): nothing was taken.
  if (error instanceof ApiError && (error.status === 404 || error.code === ERROR_CODES.unavailable)) return CHAT_TEXT.noCoinsTaken;
  return CHAT_TEXT.coinsReturnedIfTaken;
}

/**
 * The chat's character was hidden or is 18+ for a member who has not confirmed their age since the
 * chat was opened: the server refuses the send (403, no coins taken) with the code that says which.
 */
export function chatBlockOf(error: unknown): ChatBlock | null {
  if (!(error instanceof ApiError) || error.status !== 403) return null;
  if (error.code === MODERATION_ERROR_CODES.characterHidden) return 'hidden';
  if (error.code === MODERATION_ERROR_CODES.ageConfirmationRequired) return 'adult';
  return null;
}

/** One paid answer asked for: a send, or another answer to the latest reply. */
interface Job {
  clientMessageId: string;
  /** The coins it takes when answered. */
  cost: number;
  stream: (onDelta: (text: string) => void, signal: AbortSignal) => Promise<SendMessageResult>;
  /** After a lost answer: asks what became of it until it is known (ARCHITECTURE §6). */
  outcome: (decidedBy?: string) => Promise<SendMessageResult>;
  /** What the screen shows while it runs: `reply` is null until the first piece arrives. */
  shown: (reply: string | null, streaming: boolean) => SendState;
  /** The failure: its toast (and, for a send, the text back in the input). */
  failed: (error: unknown) => void;
}

/**
 * spec §4 "Message send": an optimistic temporary message is appended and the input cleared;
 * while pending the input and send are disabled and the typing indicator shows; on success the
 * list is refreshed and the local balance reduced by the text length (when an AI message came
 * back); on error the temporary messages are removed and the spec §8 toast shows, with a second
 * line saying what happened to the coins, and the typed text is back in the input. An answer lost
 * on the way is not an error yet: the send's outcome is asked for until it is known
 * (ARCHITECTURE §6), the typing indicator showing meanwhile.
 *
 * Another answer to the latest reply (regenerate) runs the same way: it streams into that reply's
 * place, costs what the member's message it answers cost, and fails with the same toasts. A stop
 * while a reply streams keeps what arrived: the server keeps it too, so the list is read again
 * (the coins stay spent: they paid for the member's message).
 */
export function useSend(options: {
  chatId: string;
  persona: { id: string | null; ref: MessagePersona | null };
  refreshMessages: () => Promise<unknown>;
  /** The input's text: cleared when the send starts, given back when it fails. */
  setText: (text: string) => void;
  /** A send or another answer was refused because the character is hidden or 18+: the input gives way to a notice. */
  onBlocked?: (block: ChatBlock) => void;
}) {
  const { profile, adjustCoins, refreshProfile } = useSession();
  const { toast } = useToast();
  const [state, setState] = useState<SendState>(idle);
  const busy = useRef(false);
  const stopper = useRef<AbortController | null>(null);
  const { chatId, persona, refreshMessages, setText, onBlocked } = options;

  /** A refusal for a hidden or 18+ character: the notice instead of the failure toast; true when it was one. */
  const blocked = useCallback(
    (error: unknown): boolean => {
      const block = chatBlockOf(error);
      if (!block) return false;
      onBlocked?.(block);
      toast({ title: CHAT_BLOCK_MESSAGES[block], description: CHAT_TEXT.noCoinsTaken });
      return true;
    },
    [onBlocked, toast],
  );

  const run = useCallback(
    async (job: Job) => {
      busy.current = true;
      const controller = new AbortController();
      stopper.current = controller;
      let reply = '';
      setState(job.shown(null, false));
      try {
        let result: SendMessageResult | null;
        try {
          result = await job.stream((piece) => {
            reply += piece;
            setState(job.shown(reply, true));
          }, controller.signal);
        } catch (error) {
          if (error instanceof AnswerStopped) {
            // What arrived stays on screen until the server has kept it as the reply (a stream
            // the client leaves is a stop, chat README "Stop"): its outcome says when, and whether
            // it was paid. An outcome that cannot be learned leaves the list to say what was kept.
            setState(job.shown(reply === '' ? null : reply, false));
            result = await job.outcome().catch(() => null);
          } else {
            if (!(error instanceof SendAnswerLost)) throw error;
            setState(job.shown(null, false));
            result = await job.outcome(error.decidedBy);
          }
        }
        if (result?.aiMessage) adjustCoins(-job.cost);
        await refreshMessages();
        setState(idle);
        setTimeout(() => void refreshProfile(), PROFILE_REFRESH_DELAY_MS);
      } catch (error) {
        setState(idle);
        job.failed(error);
        void refreshProfile();
      } finally {
        busy.current = false;
        stopper.current = null;
      }
    },
    [adjustCoins, refreshMessages, refreshProfile],
  );

  /** Too few coins for `cost`: the spec §5 "has X but needs Y" toast, and false. */
  const affordable = useCallback(
    (cost: number) => {
      if (!profile) return false;
      if (profile.coins >= cost) return true;
      toast({ title: CHAT_TEXT.notEnoughSubmitTitle, description: CHAT_TEXT.notEnoughSubmit(profile.coins, cost), variant: 'destructive' });
      return false;
    },
    [profile, toast],
  );

  const send = useCallback(
    async (text: string) => {
      const content = text.trim();
      if (!profile || content === '' || busy.current) return;
      const cost = messageCost(content);
      if (!affordable(cost)) return;
      setText('');
      const clientMessageId = newClientId();
      const now = new Date().toISOString();
      const mine: Message = { id: `temp-${clientMessageId}`, chatId, content, isUser: true, timestamp: now, userId: profile.id, persona: persona.ref, offline: false };
      const reply: Message = { id: `temp-reply-${clientMessageId}`, chatId, content: '', isUser: false, timestamp: now, userId: profile.id, persona: null, offline: false };
      await run({
        clientMessageId,
        cost,
        stream: (onDelta, signal) =>
          sendMessage({ chatId, content, isUser: true, userId: profile.id, clientMessageId, ...(persona.id ? { personaId: persona.id } : {}) }, onDelta, signal),
        outcome: (decidedBy) => awaitSendOutcome(clientMessageId, decidedBy),
        shown: (piece, streaming) => ({
          temporary: piece === null ? [mine] : [mine, { ...reply, content: piece }],
          pending: true,
          waiting: piece === null,
          streaming,
          another: null,
        }),
        failed: (error) => {
          setText(text);
          if (blocked(error)) return;
          if (sendErrorMessage(error).includes('Not enough')) toast({ title: CHAT_TEXT.notEnoughTitle, description: CHAT_TEXT.notEnough, variant: 'destructive' });
          else toast({ title: CHAT_TEXT.sendFailedTitle, description: `${CHAT_TEXT.sendFailed}\n${coinsLine(error)}`, variant: 'destructive' });
        },
      });
    },
    [profile, chatId, persona.id, persona.ref, toast, affordable, run, setText, blocked],
  );

  /** Another answer for the chat's latest reply, at `cost` (what the member's message it answers cost). */
  const regenerate = useCallback(
    async (replyId: string, cost: number) => {
      if (!profile || busy.current) return;
      if (!affordable(cost)) return;
      const clientMessageId = newClientId();
      await run({
        clientMessageId,
        cost,
        stream: (onDelta, signal) => regenerateReply(replyId, clientMessageId, onDelta, signal),
        outcome: (decidedBy) => awaitRegenerateOutcome(replyId, clientMessageId, decidedBy),
        shown: (piece, streaming) => ({
          temporary: [],
          pending: true,
          waiting: piece === null,
          streaming,
          another: piece === null ? null : { replyId, content: piece },
        }),
        failed: (error) => {
          if (blocked(error)) return;
          if (sendErrorMessage(error).includes('Not enough')) toast({ title: CHAT_TEXT.notEnoughTitle, description: CHAT_TEXT.notEnoughAnother, variant: 'destructive' });
          // 409: full (ALTERNATIVES_MAX answers) or no longer the latest reply; the server's Thai text says which.
          else if (error instanceof ApiError && error.status === 409)
            toast({ title: CHAT_TEXT.anotherRefusedTitle, description: error.serverMessage ? errorMessage(error) : SWIPE_MESSAGES.notRegenerable, variant: 'destructive' });
          else toast({ title: CHAT_TEXT.anotherFailedTitle, description: `${CHAT_TEXT.sendFailed}\n${coinsLine(error)}`, variant: 'destructive' });
        },
      });
    },
    [profile, toast, affordable, run, blocked],
  );

  /** Stops the reply that is streaming; what arrived is kept. */
  const stop = useCallback(() => stopper.current?.abort(), []);

  return { ...state, send, regenerate, stop };
}
