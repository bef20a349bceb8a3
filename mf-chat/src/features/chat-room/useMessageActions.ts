import { useCallback, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { CHAT_ERROR_CODES, characterCount, REWIND_MESSAGES, type Message } from '@lakorn/contracts/web';
import { ApiError, errorMessage, useToast } from '@lakorn/shell-sdk';
import { usePaidSave } from '../../shared/paidSave';
import { pinRefusal, usePinActions, usePins } from '../memory';
import { branchChat, editMessage, rewindChat } from './api';
import { CHAT_TEXT } from './messages';

export interface RewindAsk {
  message: Message;
  /** How many messages go: this one and every later one (the confirm names it). */
  count: number;
}

/**
 * A message's menu actions: edit (a reply's shown answer or the member's own text; it pays the code
 * points it adds past what the message has paid, chat README "Paying for text that reaches the
 * model"), and, free, rewind (that message and everything after it go; spending is not given back, and the confirm
 * says so with the number of messages), branch (a new chat with the history up to there), and
 * pin or unpin (the memory feature's pins: they stay in the prompt whatever the window drops).
 */
export function useMessageActions(options: {
  chatId: string;
  userId: string;
  replace: (message: Message) => void;
  refresh: () => Promise<unknown>;
}) {
  const { chatId, userId, replace, refresh } = options;
  const { toast } = useToast();
  const navigate = useNavigate();
  const [editing, setEditing] = useState<{ message: Message; text: string } | null>(null);
  const [saving, setSaving] = useState(false);
  const [rewinding, setRewinding] = useState<RewindAsk | null>(null);
  const [removing, setRemoving] = useState(false);
  const coins = usePaidSave();

  const saveEdit = useCallback(
    async (content: string, cost: number) => {
      if (!editing || !coins.affordable(cost)) return;
      setSaving(true);
      try {
        replace(await editMessage(editing.message.id, content, cost));
        coins.paid(cost);
        setEditing(null);
        toast({ title: CHAT_TEXT.editSaved, variant: 'success' });
        void refresh();
      } catch (error) {
        const refusal = coins.refused(error);
        // The price changed (another device saved meanwhile): the button shows the server's price now.
        if (refusal?.cost != null) {
          const paid = Math.max(0, characterCount(content) - refusal.cost);
          setEditing((now) => now && { ...now, message: { ...now.message, edited: true, paid } });
        } else if (!refusal) {
          toast({ title: CHAT_TEXT.editFailed, description: error instanceof ApiError && error.status < 500 ? errorMessage(error) : undefined, variant: 'destructive' });
        }
      } finally {
        setSaving(false);
      }
    },
    [editing, replace, refresh, toast, coins],
  );

  const confirmRewind = useCallback(async () => {
    if (!rewinding) return;
    setRemoving(true);
    try {
      const result = await rewindChat(chatId, rewinding.message.id, rewinding.count);
      setRewinding(null);
      await refresh();
      toast({ title: CHAT_TEXT.rewound(result.removed), variant: 'success' });
    } catch (error) {
      if (error instanceof ApiError && error.code === CHAT_ERROR_CODES.rewindCountChanged && typeof error.data?.count === 'number') {
        // A reply arrived since the confirm opened: it names the new number and asks again.
        setRewinding({ message: rewinding.message, count: error.data.count });
        void refresh();
        toast({ title: error.serverMessage ? errorMessage(error) : REWIND_MESSAGES.countChanged, variant: 'default' });
      } else {
        setRewinding(null);
        toast({ title: CHAT_TEXT.rewindFailed, description: error instanceof ApiError && error.status === 409 ? errorMessage(error) : undefined, variant: 'destructive' });
      }
    } finally {
      setRemoving(false);
    }
  }, [rewinding, chatId, refresh, toast]);

  const branch = useCallback(
    async (message: Message) => {
      try {
        const created = await branchChat(chatId, userId, message.id);
        toast({ title: CHAT_TEXT.branched, variant: 'success' });
        navigate(`/chat/${encodeURIComponent(created.id)}`);
      } catch {
        toast({ title: CHAT_TEXT.branchFailed, variant: 'destructive' });
      }
    },
    [chatId, userId, navigate, toast],
  );

  const pins = usePins(chatId);
  const pinActions = usePinActions(chatId);
  const pinned = useMemo(() => new Set((pins.data ?? []).map((p) => p.messageId)), [pins.data]);
  const togglePin = useCallback(
    async (message: Message) => {
      const was = pinned.has(message.id);
      try {
        if (was) await pinActions.unpin(message.id);
        else await pinActions.pin(message.id);
        toast({ title: was ? CHAT_TEXT.unpinned : CHAT_TEXT.pinned, variant: 'success' });
      } catch (error) {
        // Past a limit (10 pins, 1 000 tokens) the server's Thai text says which one.
        toast({ title: CHAT_TEXT.pinFailed, description: pinRefusal(error) ?? undefined, variant: 'destructive' });
      }
    },
    [pinned, pinActions, toast],
  );

  return {
    editing,
    saving,
    startEdit: (message: Message, text: string) => setEditing({ message, text }),
    cancelEdit: () => setEditing(null),
    saveEdit,
    rewinding,
    removing,
    startRewind: (ask: RewindAsk) => setRewinding(ask),
    cancelRewind: () => setRewinding(null),
    confirmRewind,
    branch,
    isPinned: (message: Message) => pinned.has(message.id),
    togglePin,
  };
}
