import { useEffect, useState } from 'react';
import { characterCount, LIMITS, type Persona } from '@lakorn/contracts/web';
import { Button, Dialog, DialogActions, Muted, TextAreaField, TextField } from '@lakorn/ui';
import type { PersonaFields } from '../api';
import { PERSONA_TEXT } from '../messages';

const EMPTY: PersonaFields = { name: '', appearance: '', personality: '', background: '' };

const LIMIT: Record<keyof PersonaFields, number> = {
  name: LIMITS.characterName,
  appearance: LIMITS.appearance,
  personality: LIMITS.personality,
  background: LIMITS.background,
};

/** spec §5: all four texts required (non-blank), within the character fields' limits. */
export function isPersonaValid(fields: PersonaFields): boolean {
  return (Object.keys(LIMIT) as Array<keyof PersonaFields>).every(
    (key) => fields[key].trim() !== '' && characterCount(fields[key].trim()) <= LIMIT[key],
  );
}

export interface PersonaDialogProps {
  open: boolean;
  /** The persona being edited; absent: a new one. */
  persona?: Persona | null;
  onSave: (fields: PersonaFields) => Promise<void>;
  onClose: () => void;
}

/** spec §2 profile personas: the create and edit dialogs. */
export function PersonaDialog({ open, persona, onSave, onClose }: PersonaDialogProps) {
  const [fields, setFields] = useState<PersonaFields>(EMPTY);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!open) return;
    setFields(persona ? { name: persona.name, appearance: persona.appearance, personality: persona.personality, background: persona.background } : EMPTY);
    setSaving(false);
  }, [open, persona]);

  const set = (key: keyof PersonaFields) => (e: { target: { value: string } }) => setFields((f) => ({ ...f, [key]: e.target.value }));
  const valid = isPersonaValid(fields);

  const submit = async () => {
    if (!valid || saving) return;
    setSaving(true);
    try {
      await onSave({
        name: fields.name.trim(),
        appearance: fields.appearance.trim(),
        personality: fields.personality.trim(),
        background: fields.background.trim(),
      });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog open={open} title={persona ? PERSONA_TEXT.editTitle : PERSONA_TEXT.createTitle} onClose={saving ? undefined : onClose}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <TextField label={PERSONA_TEXT.name} value={fields.name} onChange={set('name')} max={LIMIT.name} required />
        <TextAreaField label={PERSONA_TEXT.appearance} value={fields.appearance} onChange={set('appearance')} max={LIMIT.appearance} rows={2} style={{ minHeight: 72 }} required />
        <TextAreaField label={PERSONA_TEXT.personality} value={fields.personality} onChange={set('personality')} max={LIMIT.personality} rows={2} style={{ minHeight: 72 }} required />
        <TextAreaField label={PERSONA_TEXT.background} value={fields.background} onChange={set('background')} max={LIMIT.background} rows={2} style={{ minHeight: 72 }} required />
        <Muted>{PERSONA_TEXT.requiredHint}</Muted>
        <DialogActions>
          <Button $variant="secondary" onClick={onClose} disabled={saving}>
            {PERSONA_TEXT.cancel}
          </Button>
          <Button type="submit" disabled={!valid || saving}>
            {saving ? PERSONA_TEXT.saving : PERSONA_TEXT.save}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
