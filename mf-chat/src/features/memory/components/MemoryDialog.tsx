import { useEffect, useState } from 'react';
import { characterCount, LIMITS } from '@lakorn/contracts/web';
import { useToast } from '@lakorn/shell-sdk';
import { Button, Dialog, DialogActions, ErrorState, LoadingState, TextAreaField } from '@lakorn/ui';
import { loadMemory, saveMemory } from '../api';
import { MEMORY_TEXT, PINS_TEXT } from '../messages';
import { PinsSection } from './PinsSection';
import { SummarySection } from './SummarySection';

type Loaded = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; original: string };

/**
 * spec §2/§4 memory dialog: opens and loads the memory; at most 1000 characters with a remaining
 * counter; saving empty text deletes it, otherwise saves; no change simply closes. Beside the
 * member's note, the story's summary (editable, saved on its own) and the pinned messages
 * (removable) that the chat keeps in the prompt (README "Memory that keeps up").
 */
export function MemoryDialog({ chatId, open, onClose, characterName = PINS_TEXT.character }: { chatId: string; open: boolean; onClose: () => void; characterName?: string }) {
  const { toast } = useToast();
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });
  const [text, setText] = useState('');
  const [saving, setSaving] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!open) return;
    let live = true;
    setLoaded({ status: 'loading' });
    loadMemory(chatId).then(
      (memory) => {
        if (!live) return;
        setLoaded({ status: 'ready', original: memory });
        setText(memory);
      },
      () => live && setLoaded({ status: 'failed' }),
    );
    return () => {
      live = false;
    };
  }, [open, chatId, attempt]);

  const tooLong = characterCount(text) > LIMITS.memory;

  const save = async () => {
    if (loaded.status !== 'ready' || tooLong) return;
    if (text === loaded.original) {
      onClose();
      return;
    }
    setSaving(true);
    try {
      await saveMemory(chatId, text);
      toast({ title: text.trim() === '' ? MEMORY_TEXT.deleted : MEMORY_TEXT.saved, variant: 'success' });
      onClose();
    } catch {
      toast({ title: MEMORY_TEXT.saveFailed, variant: 'destructive' });
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
              {saving ? MEMORY_TEXT.saving : MEMORY_TEXT.save}
            </Button>
          </DialogActions>
        </>
      ) : null}
    </Dialog>
  );
}
