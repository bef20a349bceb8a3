import { Button, Dialog, DialogActions, Muted, relativeTime } from '@lakorn/ui';
import type { KeptDraft } from '../keptDraft';
import { WIZARD_TEXT } from '../messages';

type Mode = 'create' | 'edit';

/** Asked before the wizard is left with unsaved text: keep it as a draft, throw it away, or stay. */
export function LeaveDialog({ open, mode, onKeep, onDiscard, onStay }: { open: boolean; mode: Mode; onKeep: () => void; onDiscard: () => void; onStay: () => void }) {
  return (
    <Dialog open={open} title={WIZARD_TEXT.leaveTitle(mode)} onClose={onStay}>
      <Muted>{WIZARD_TEXT.leaveMessage(mode)}</Muted>
      <DialogActions>
        <Button $variant="secondary" onClick={onStay}>
          {WIZARD_TEXT.stay}
        </Button>
        <Button $variant="danger" onClick={onDiscard}>
          {WIZARD_TEXT.discardDraft}
        </Button>
        <Button onClick={onKeep}>{WIZARD_TEXT.keepDraft}</Button>
      </DialogActions>
    </Dialog>
  );
}

/** "ร่างที่บันทึกไว้": a draft kept from an earlier visit, to continue or to start afresh (no other way out). */
export function KeptDraftDialog({ kept, mode, onContinue, onFresh }: { kept: KeptDraft | null; mode: Mode; onContinue: () => void; onFresh: () => void }) {
  return (
    <Dialog open={kept !== null} title={WIZARD_TEXT.keptTitle}>
      {kept ? <Muted>{WIZARD_TEXT.keptMessage(mode, kept.draft.name.trim(), relativeTime(kept.savedAt))}</Muted> : null}
      <DialogActions>
        <Button $variant="secondary" onClick={onFresh}>
          {WIZARD_TEXT.startFresh}
        </Button>
        <Button onClick={onContinue}>{WIZARD_TEXT.continueDraft}</Button>
      </DialogActions>
    </Dialog>
  );
}
