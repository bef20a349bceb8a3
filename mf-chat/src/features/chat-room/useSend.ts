import { useCallback, useRef, useState } from 'react';
import { ERROR_CODES, messageCost, type Message, type MessagePersona } from '@lakorn/contracts/web';
import { ApiError, useSession, useToast } from '@lakorn/shell-sdk';
import { awaitSendOutcome, refundedOf, SendAnswerLost, sendErrorMessage, sendMessage } from './api';
import { CHAT_TEXT } from './messages';

/** identity follows the wallet's events a moment later: the profile is read again after this. */
export const PROFILE_REFRESH_DELAY_MS = 1500;

const newClientId = () => `c${Date.now().toString(36)}${Math.random().toString(36).slice(2, 10)}`;

export interface SendState {
  /** Optimistic messages (ids start with temp-): the user's, then the reply as it streams. */
  temporary: Message[];
  pending: boolean;
  /** True until the first piece of the reply arrives (the typing indicator shows). */
  waiting: boolean;
}

/**
 * spec §4 "Message send": an optimistic temporary message is appended and the input cleared;
 * while pending the input and send are disabled and the typing indicator shows; on success the
 * list is refreshed and the local balance reduced by the text length (when an AI message came
 * back); on error the temporary messages are removed and the spec §8 toast shows, with a second
 * line saying what happened to the coins, and the typed text is back in the input. An answer lost
 * on the way is not an error yet: the send's outcome is asked for until it is known
 * (ARCHITECTURE §6), the typing indicator showing meanwhile.
 */
/** The failure toast's second line: what became of the coins. */
function coinsLine(error: unknown): string {
  const refunded = refundedOf(error);
  if (refunded !== null) return refunded > 0 ? CHAT_TEXT.coinsReturned(refunded) : CHAT_TEXT.noCoinsTaken;
  // Never reached the chat service (the gateway's 503, or 404 asked by its id): nothing was taken.
  if (error instanceof ApiError && (error.status === 404 || error.code === ERROR_CODES.unavailable)) return CHAT_TEXT.noCoinsTaken;
  return CHAT_TEXT.coinsReturnedIfTaken;
}

export function useSend(options: {
  chatId: string;
  persona: { id: string | null; ref: MessagePersona | null };
  refreshMessages: () => Promise<unknown>;
  /** The input's text: cleared when the send starts, given back when it fails. */
  setText: (text: string) => void;
}) {
  const { profile, adjustCoins, refreshProfile } = useSession();
  const { toast } = useToast();
  const [state, setState] = useState<SendState>({ temporary: [], pending: false, waiting: false });
  const busy = useRef(false);
  const { chatId, persona, refreshMessages, setText } = options;

  const send = useCallback(
    async (text: string) => {
      const content = text.trim();
      if (!profile || content === '' || busy.current) return;
      const cost = messageCost(content);
      if (profile.coins < cost) {
        toast({ title: CHAT_TEXT.notEnoughSubmitTitle, description: CHAT_TEXT.notEnoughSubmit(profile.coins, cost), variant: 'destructive' });
        return;
      }
      busy.current = true;
      setText('');
      const clientMessageId = newClientId();
      const now = new Date().toISOString();
      const mine: Message = { id: `temp-${clientMessageId}`, chatId, content, isUser: true, timestamp: now, userId: profile.id, persona: persona.ref, offline: false };
      const reply: Message = { id: `temp-reply-${clientMessageId}`, chatId, content: '', isUser: false, timestamp: now, userId: profile.id, persona: null, offline: false };
      setState({ temporary: [mine], pending: true, waiting: true });
      try {
        let result;
        try {
          result = await sendMessage(
            { chatId, content, isUser: true, userId: profile.id, clientMessageId, ...(persona.id ? { personaId: persona.id } : {}) },
            (piece) => {
              reply.content += piece;
              setState({ temporary: [mine, { ...reply }], pending: true, waiting: false });
            },
          );
        } catch (error) {
          if (!(error instanceof SendAnswerLost)) throw error;
          setState({ temporary: [mine], pending: true, waiting: true });
          result = await awaitSendOutcome(clientMessageId, error.decidedBy);
        }
        if (result.aiMessage) adjustCoins(-cost);
        await refreshMessages();
        setState({ temporary: [], pending: false, waiting: false });
        setTimeout(() => void refreshProfile(), PROFILE_REFRESH_DELAY_MS);
      } catch (error) {
        setState({ temporary: [], pending: false, waiting: false });
        setText(text);
        if (sendErrorMessage(error).includes('Not enough')) {
          toast({ title: CHAT_TEXT.notEnoughTitle, description: CHAT_TEXT.notEnough, variant: 'destructive' });
          void refreshProfile();
        } else {
          toast({ title: CHAT_TEXT.sendFailedTitle, description: `${CHAT_TEXT.sendFailed}\n${coinsLine(error)}`, variant: 'destructive' });
          void refreshProfile();
        }
      } finally {
        busy.current = false;
      }
    },
    [profile, chatId, persona.id, persona.ref, toast, adjustCoins, refreshMessages, refreshProfile, setText],
  );

  return { ...state, send };
}
