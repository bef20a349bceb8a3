import { useEffect, useState } from 'react';
import { characterCount, LIMITS, MEMORY_LIMITS, saveCost } from '@lakorn/contracts/web';
import { errorMessage, useSession, useToast } from '@lakorn/shell-sdk';
import { COIN_TEXT } from '../../../shared/messages';
import { usePaidSave } from '../../../shared/paidSave';
import { ShortOfCoins } from '../../../shared/ShortOfCoins';
import { Button, Dialog, DialogActions, ErrorState, LoadingState, TextAreaField } from '@lakorn/ui';
import { loadMemory, saveMemory, useSaveSummary, useSummary } from '../api';
import { MEMORY_TEXT, PINS_TEXT, SUMMARY_TEXT } from '../messages';
import { PinsSection } from './PinsSection';
import { SummarySection } from './SummarySection';

type Loaded = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; original: string; paid: number };

/**
 * spec §2/§4 memory dialog: opens and loads the memory; at most 1000 characters with a remaining
 * counter; saving empty text deletes it, otherwise saves, paying the code points past what the note
 * has paid (shown on the button, chat README "Paying for text that reaches the model"); no change simply closes. Beside the
 * member's note, the story's summary (editable) and the pinned messages (removable) that the chat
 * keeps in the prompt (README "Memory that keeps up"). One save button saves everything typed, the
 * note and the summary, its price their prices together.
 */
export function MemoryDialog({ chatId, open, onClose, characterName = PINS_TEXT.character }: { chatId: string; open: boolean; onClose: () => void; characterName?: string }) {
  const { toast } = useToast();
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });
  const [text, setText] = useState('');
  const [saving, setSaving] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const coins = usePaidSave();
  const { profile } = useSession();
  const summary = useSummary(open ? chatId : null);
  const saveSummary = useSaveSummary(chatId);
  const [story, setStory] = useState('');
  /** A 409 COST_CHANGED's price for the summary, until it is read again. */
  const [storyPaidNow, setStoryPaidNow] = useState<number | null>(null);
  const storyOriginal = summary.data?.summary ?? '';
  useEffect(() => setStory(storyOriginal), [storyOriginal]);

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
  const noteChanged = loaded.status === 'ready' && text !== loaded.original;
  const cost = loaded.status !== 'ready' || tooLong || blank || !noteChanged ? 0 : saveCost(text, loaded.paid);
  const storyTooLong = characterCount(story) > MEMORY_LIMITS.summaryCharacters;
  const storyChanged = Boolean(summary.data) && story !== storyOriginal;
  const storyCost = !summary.data || !storyChanged || storyTooLong || story.trim() === '' ? 0 : saveCost(story, storyPaidNow ?? summary.data.paid ?? 0);

  /** One save; a refusal is toasted (a new price shows on the button). Answers whether it was saved. */
  const trySave = async (run: () => Promise<void>, repriced: (cost: number) => void, failed: string): Promise<boolean> => {
    try {
      await run();
      return true;
    } catch (error) {
      const refusal = coins.refused(error);
      // The price changed meanwhile: the button shows the server's price now.
      if (refusal?.cost != null) repriced(refusal.cost);
      else if (!refusal) toast({ title: failed, description: errorMessage(error), variant: 'destructive' });
      return false;
    }
  };

  const save = async () => {
    if (loaded.status !== 'ready' || tooLong || storyTooLong) return;
    if (!noteChanged && !storyChanged) {
      onClose();
      return;
    }
    if (!coins.affordable(cost + storyCost)) return;
    setSaving(true);
    try {
      const noteSaved =
        !noteChanged ||
        (await trySave(
          async () => {
            await saveMemory(chatId, text, cost);
            coins.paid(cost);
            // Saved: a retry of the summary alone does not save the note again.
            setLoaded({ status: 'ready', original: text, paid: Math.max(loaded.paid, characterCount(text)) });
          },
          (now) => setLoaded({ ...loaded, paid: Math.max(0, characterCount(text) - now) }),
          MEMORY_TEXT.saveFailed,
        ));
      // In order, stopping at a refusal: the dialog stays open with everything still typed.
      const storySaved =
        noteSaved &&
        (!storyChanged ||
        (await trySave(
          async () => {
            await saveSummary(story, storyCost);
            coins.paid(storyCost);
            setStoryPaidNow(null);
          },
          (now) => setStoryPaidNow(Math.max(0, characterCount(story) - now)),
          SUMMARY_TEXT.saveFailed,
        )));
      if (noteSaved && storySaved) {
        toast({ title: !noteChanged ? SUMMARY_TEXT.saved : blank ? MEMORY_TEXT.deleted : MEMORY_TEXT.saved, variant: 'success' });
        onClose();
      }
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
          <SummarySection summary={{ ...summary, retry: () => void summary.mutate() }} text={story} onChange={setStory} disabled={saving} />
          <PinsSection chatId={chatId} characterName={characterName} />
          {profile && cost + storyCost > profile.coins ? <ShortOfCoins /> : null}
          <DialogActions>
            <Button $variant="secondary" onClick={onClose} disabled={saving}>
              {MEMORY_TEXT.cancel}
            </Button>
            <Button onClick={() => void save()} disabled={saving || tooLong || storyTooLong}>
              {saving ? MEMORY_TEXT.saving : COIN_TEXT.saveLabel(MEMORY_TEXT.save, cost + storyCost)}
            </Button>
          </DialogActions>
        </>
      ) : null}
    </Dialog>
  );
}
