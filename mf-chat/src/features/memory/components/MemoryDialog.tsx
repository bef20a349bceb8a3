import { useEffect, useState } from 'react';
import { characterCount, LIMITS, saveCost } from '@lakorn/contracts/web';
import { useToast } from '@lakorn/shell-sdk';
import { COIN_TEXT } from '../../../shared/messages';
import { usePaidSave } from '../../../shared/paidSave';
import { Button, Dialog, DialogActions, ErrorState, LoadingState, TextAreaField } from '@lakorn/ui';
import { loadMemory, saveMemory } from '../api';
import { MEMORY_TEXT, PINS_TEXT } from '../messages';
import { PinsSection } from './PinsSection';
import { SummarySection } from './SummarySection';

type Loaded = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; original: string; paid: number };

/**
 * spec §2/§4 memory dialog: opens and loads the memory; at most 1000 characters with a remaining
 * counter; saving empty text deletes it, otherwise saves, paying the code points past what the note
 * has paid (shown on the button, chat README "Paying for text that reaches the model"); no change simply closes. Beside the
 * member's note, the story's summary (editable, saved on its own) and the pinned messages
 * (removable) that the chat keeps in the prompt (README "Memory that keeps up").
 */
export function MemoryDialog({ chatId, open, onClose, characterName = PINS_TEXT.character }: { chatId: string; open: boolean; onClose: () => void; characterName?: string }) {
  const { toast } = useToast();
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });
  const [text, setText] = useState('');
  const [saving, setSaving] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const coins = usePaidSave();

  useEffect(() => {
    if (!open) return;
    let live = true;
    setLoaded({ status: 'loading' });
    loadMemory(chatId).then(
      ({ memory, paid }) => {
        if (!live) return;
        setLoaded({ status: 'ready', original: memory, paid });
        setText(memory);
      },
      () => live && setLoaded({ status: 'failed' }),
    );
    return () => {
      live = false;
    };
  }, [open, chatId, attempt]);

  const tooLong = characterCount(text) > LIMITS.memory;
  const blank = text.trim() === '';
  const cost = loaded.status !== 'ready' || tooLong || blank || text === loaded.original ? 0 : saveCost(text, loaded.paid);

  const save = async () => {
    if (loaded.status !== 'ready' || tooLong) return;
    if (text === loaded.original) {
      onClose();
      return;
    }
    if (!coins.affordable(cost)) return;
    setSaving(true);
    try {
      await saveMemory(chatId, text, cost);
      coins.paid(cost);
      toast({ title: blank ? MEMORY_TEXT.deleted : MEMORY_TEXT.saved, variant: 'success' });
      onClose();
    } catch (error) {
      const refusal = coins.refused(error);
      // The price changed meanwhile: the button shows the server's price now.
      if (refusal?.cost != null) setLoaded({ ...loaded, paid: Math.max(0, characterCount(text) - refusal.cost) });
      else if (!refusal) toast({ title: MEMORY_TEXT.saveFailed, variant: 'destructive' });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog open={open} title={MEMORY_TEXT.title} onClose={saving ? undefined : onClose}>
      {loaded.status === 'loading' ? <LoadingState message={MEMORY_TEXT.loading} /> : null}
      {loaded.status === 'failed' ? <ErrorState message={MEMORY_TEXT.loadFailed} onRetry={() => setAttempt((n) => n + 1)} /> : null}
      {loaded.status === 'ready' ? (
        <>
          <TextAreaField
            label={MEMORY_TEXT.label}
            hint={MEMORY_TEXT.hint}
            value={text}
            onChange={(e) => setText(e.target.value)}
            max={LIMITS.memory}
            counterMode="remaining"
            rows={6}
            disabled={saving}
          />
          <SummarySection chatId={chatId} />
          <PinsSection chatId={chatId} characterName={characterName} />
          <DialogActions>
            <Button $variant="secondary" onClick={onClose} disabled={saving}>
              {MEMORY_TEXT.cancel}
            </Button>
            <Button onClick={() => void save()} disabled={saving || tooLong}>
              {saving ? MEMORY_TEXT.saving : COIN_TEXT.saveLabel(MEMORY_TEXT.save, cost)}
            </Button>
          </DialogActions>
        </>
      ) : null}
    </Dialog>
  );
}
