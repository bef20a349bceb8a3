import { useEffect, useState } from 'react';
import { Dialog, FormActions, TextAreaField } from '@lakorn/ui';
import { CHAT_TEXT } from '../messages';

export interface EditMessageDialogProps {
  /** The text being edited (a reply's shown alternative); null when closed. */
  original: string | null;
  busy: boolean;
  onSave: (content: string) => void;
  onClose: () => void;
}

/** Edits a reply or the member's own message: free and not blank (the server also bounds its length). */
export function EditMessageDialog({ original, busy, onSave, onClose }: EditMessageDialogProps) {
  const [text, setText] = useState('');
  useEffect(() => {
    if (original !== null) setText(original);
  }, [original]);
  const blank = text.trim() === '';

  return (
    <Dialog open={original !== null} title={CHAT_TEXT.editTitle} onClose={busy ? undefined : onClose}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (blank) return;
          if (text === original) onClose();
          else onSave(text);
        }}
      >
        <TextAreaField label={CHAT_TEXT.editLabel} value={text} onChange={(e) => setText(e.target.value)} rows={6} disabled={busy} />
        <FormActions cancelLabel={CHAT_TEXT.cancel} submitLabel={CHAT_TEXT.save} busyLabel={CHAT_TEXT.saving} busy={busy} onCancel={onClose} submitDisabled={busy || blank} />
      </form>
    </Dialog>
  );
}
