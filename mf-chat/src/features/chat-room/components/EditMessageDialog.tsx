import { useEffect, useState } from 'react';
import { saveCost } from '@lakorn/contracts/web';
import { useSession } from '@lakorn/shell-sdk';
import { Dialog, FormActions, TextAreaField } from '@lakorn/ui';
import { COIN_TEXT } from '../../../shared/messages';
import { ShortOfCoins } from '../../../shared/ShortOfCoins';
import { CHAT_TEXT } from '../messages';

export interface EditMessageDialogProps {
  /** The text being edited (a reply's shown alternative); null when closed. */
  original: string | null;
  /** The code points the message's text has paid (contracts messagePaidRoom). */
  paid: number;
  busy: boolean;
  /** The new text and the coins its save takes, as the button showed them. */
  onSave: (content: string, cost: number) => void;
  onClose: () => void;
}

/**
 * Edits a reply or the member's own message: not blank (the server also bounds its length), and
 * paying the code points it adds past what the message has paid, shown on the save button before
 * the tap (chat README "Paying for text that reaches the model").
 */
export function EditMessageDialog({ original, paid, busy, onSave, onClose }: EditMessageDialogProps) {
  const [text, setText] = useState('');
  useEffect(() => {
    if (original !== null) setText(original);
  }, [original]);
  const blank = text.trim() === '';
  const cost = blank || text === original ? 0 : saveCost(text, paid);
  const { profile } = useSession();

  return (
    <Dialog open={original !== null} title={CHAT_TEXT.editTitle} onClose={busy ? undefined : onClose}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (blank) return;
          if (text === original) onClose();
          else onSave(text, cost);
        }}
      >
        <TextAreaField label={CHAT_TEXT.editLabel} value={text} onChange={(e) => setText(e.target.value)} rows={6} disabled={busy} />
        {profile && cost > profile.coins ? <ShortOfCoins /> : null}
        <FormActions cancelLabel={CHAT_TEXT.cancel} submitLabel={COIN_TEXT.saveLabel(CHAT_TEXT.save, cost)} busyLabel={CHAT_TEXT.saving} busy={busy} onCancel={onClose} submitDisabled={busy || blank} />
      </form>
    </Dialog>
  );
}
