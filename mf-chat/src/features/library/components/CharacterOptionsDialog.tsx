import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { hiddenReasonLabel, MODERATION_MESSAGES, type CharacterSummary } from '@lakorn/contracts/web';
import { Button, Dialog, DialogActions, Icon, Muted, theme } from '@lakorn/ui';
import { LIBRARY_STATS_TEXT, LIBRARY_TEXT } from '../messages';

/** spec §4 "Character delete": options, confirm, deleting, then closed on success. */
export type OptionsStep = 'options' | 'confirm' | 'deleting';

export interface CharacterOptionsDialogProps {
  character: CharacterSummary | null;
  onClose: () => void;
  onStartChat: (character: CharacterSummary) => Promise<void>;
  onEdit: (character: CharacterSummary) => void;
  /** Resolves true when deleted (the dialog closes), false when it failed (back to the options). */
  onDelete: (character: CharacterSummary) => Promise<boolean>;
}

export function CharacterOptionsDialog({ character, onClose, onStartChat, onEdit, onDelete }: CharacterOptionsDialogProps) {
  const [step, setStep] = useState<OptionsStep>('options');
  const [starting, setStarting] = useState(false);
  const navigate = useNavigate();
  useEffect(() => {
    setStep('options');
    setStarting(false);
  }, [character?.id]);
  if (!character) return null;

  const confirm = async () => {
    setStep('deleting');
    const deleted = await onDelete(character);
    if (!deleted) setStep('options');
  };

  const start = async () => {
    setStarting(true);
    try {
      await onStartChat(character);
    } finally {
      setStarting(false);
    }
  };

  if (step === 'options') {
    return (
      <Dialog open title={character.name} onClose={onClose}>
        {character.hidden ? (
          // An admin hid it: nobody else sees it and it takes no new chats; the owner learns why.
          <div role="status" style={{ marginBottom: 14, padding: '10px 12px', borderRadius: 12, background: theme.color.dangerBg, color: theme.color.text, fontSize: theme.font.size.sm }}>
            <strong style={{ display: 'block', color: theme.color.danger }}>{MODERATION_MESSAGES.hiddenForOwner}</strong>
            {LIBRARY_TEXT.hiddenReason(hiddenReasonLabel(character.hiddenReason))}
          </div>
        ) : null}
        <div style={{ display: 'flex', flexDirection: 'column', gap: 10 }}>
          <Button $block onClick={() => void start()} disabled={starting || character.hidden}>
            <Icon name="chat" size={18} />
            {LIBRARY_TEXT.startChat}
          </Button>
          <Button $block $variant="secondary" onClick={() => onEdit(character)}>
            <Icon name="edit" size={18} />
            {LIBRARY_TEXT.edit}
          </Button>
          <Button $block $variant="secondary" onClick={() => navigate(`/c/${encodeURIComponent(character.id)}`)}>
            <Icon name="chart" size={18} />
            {LIBRARY_STATS_TEXT.stats}
          </Button>
          <Button $block $variant="ghost" onClick={() => setStep('confirm')} style={{ color: theme.color.danger }}>
            <Icon name="trash" size={18} />
            {LIBRARY_TEXT.deleteCharacter}
          </Button>
        </div>
      </Dialog>
    );
  }
  const busy = step === 'deleting';
  return (
    <Dialog open title={LIBRARY_TEXT.confirmDeleteTitle} onClose={busy ? undefined : () => setStep('options')}>
      <Muted>{LIBRARY_TEXT.confirmDeleteMessage(character.name)}</Muted>
      <DialogActions>
        <Button $variant="secondary" onClick={() => setStep('options')} disabled={busy}>
          {LIBRARY_TEXT.cancel}
        </Button>
        <Button $variant="danger" onClick={() => void confirm()} disabled={busy}>
          {busy ? LIBRARY_TEXT.deleting : LIBRARY_TEXT.confirmDelete}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
