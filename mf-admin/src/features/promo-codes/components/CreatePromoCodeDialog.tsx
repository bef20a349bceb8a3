import { useEffect, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { PROMO, PROMO_TYPES, type PromoCode, type PromoType } from '@lakorn/contracts/web';
import { useProfile, useToast } from '@lakorn/shell-sdk';
import { Dialog, FormActions, SelectField, TextField, theme } from '@lakorn/ui';
import { createPromoCode } from '../api';
import { adminErrorText } from '../../../shared/errors';
import { PROMO_TEXT } from '../messages';

interface Draft {
  code: string;
  coins: string;
  type: PromoType;
  maxUses: string;
  generateRandom: boolean;
}

/** spec §5 defaults: code empty, coins 100, type unlimited, maxUses 10, generateRandom false. */
const DEFAULTS: Draft = {
  code: '',
  coins: String(PROMO.defaultCoins),
  type: PROMO.defaultType,
  maxUses: String(PROMO.defaultMaxUses),
  generateRandom: false,
};

/** spec §5: numeric inputs parse as integers, empty becoming 0. */
export function parseIntOrZero(text: string): number {
  const n = Number.parseInt(text, 10);
  return Number.isNaN(n) ? 0 : n;
}

/** The spec §5 rules of the create form; each field's message, or nothing when it is fine. */
export function validatePromo(draft: Draft): Partial<Record<'code' | 'coins' | 'maxUses', string>> {
  const errors: Partial<Record<'code' | 'coins' | 'maxUses', string>> = {};
  const code = draft.code.trim();
  if (!draft.generateRandom && code !== '') {
    if (!/^[A-Za-z0-9]+$/.test(code)) errors.code = PROMO_TEXT.codeCharset;
    else if (code.length < PROMO.codeMinLength || code.length > PROMO.codeMaxLength) errors.code = PROMO_TEXT.codeLength;
  }
  const coins = parseIntOrZero(draft.coins);
  if (coins < PROMO.coinsMin || coins > PROMO.coinsMax) errors.coins = PROMO_TEXT.coinsRange;
  if (draft.type === 'limited' && parseIntOrZero(draft.maxUses) < PROMO.maxUsesMin) errors.maxUses = PROMO_TEXT.maxUsesMin;
  return errors;
}

/**
 * spec §2, §5 create-code dialog: an optional code (4-20 letters and digits), 'generate random'
 * hiding the code input, coins 1-100000, type limited or unlimited, and max uses shown only for
 * limited codes. A failure is toasted 'Failed to create promo code: {message}' under 'Error' (§8).
 */
export function CreatePromoCodeDialog({ open, onClose, onCreated }: { open: boolean; onClose: () => void; onCreated: (code: PromoCode) => void }) {
  const profile = useProfile();
  const { toast } = useToast();
  const [draft, setDraft] = useState<Draft>(DEFAULTS);
  const [showErrors, setShowErrors] = useState(false);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!open) return;
    setDraft(DEFAULTS);
    setShowErrors(false);
  }, [open]);

  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const errors = validatePromo(draft);
  const shown = showErrors ? errors : {};

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setShowErrors(true);
    if (Object.keys(errors).length > 0 || saving) return;
    setSaving(true);
    try {
      const created = await createPromoCode({
        code: draft.generateRandom ? '' : draft.code.trim(),
        coins: parseIntOrZero(draft.coins),
        type: draft.type,
        maxUses: draft.type === 'limited' ? parseIntOrZero(draft.maxUses) : null,
        generateRandom: draft.generateRandom,
        userId: profile.uid,
      });
      toast({ title: PROMO_TEXT.created, description: created.code, variant: 'success' });
      onCreated(created);
      onClose();
    } catch (error) {
      toast({ title: PROMO_TEXT.errorTitle, description: PROMO_TEXT.createFailed(adminErrorText(error)), variant: 'destructive' });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog open={open} title={PROMO_TEXT.dialogTitle} onClose={saving ? undefined : onClose} closeLabel={PROMO_TEXT.cancel}>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Check>
          <input type="checkbox" checked={draft.generateRandom} onChange={(e) => set('generateRandom', e.target.checked)} />
          {PROMO_TEXT.generateRandom}
        </Check>
        {draft.generateRandom ? null : (
          <TextField
            label={PROMO_TEXT.codeLabel}
            placeholder={PROMO_TEXT.codePlaceholder}
            hint={PROMO_TEXT.codeHint}
            value={draft.code}
            maxLength={PROMO.codeMaxLength}
            autoCapitalize="characters"
            autoComplete="off"
            spellCheck={false}
            onChange={(e) => set('code', e.target.value)}
            error={shown.code}
          />
        )}
        <TextField
          label={PROMO_TEXT.coinsLabel}
          type="number"
          inputMode="numeric"
          min={PROMO.coinsMin}
          step={1}
          value={draft.coins}
          onChange={(e) => set('coins', e.target.value)}
          error={shown.coins}
        />
        <SelectField label={PROMO_TEXT.typeLabel} value={draft.type} onChange={(e) => set('type', e.target.value as PromoType)}>
          {PROMO_TYPES.map((t) => (
            <option key={t} value={t}>
              {PROMO_TEXT.types[t]}
            </option>
          ))}
        </SelectField>
        {draft.type === 'limited' ? (
          <TextField
            label={PROMO_TEXT.maxUsesLabel}
            hint={PROMO_TEXT.maxUsesHint}
            type="number"
            inputMode="numeric"
            min={PROMO.maxUsesMin}
            step={1}
            value={draft.maxUses}
            onChange={(e) => set('maxUses', e.target.value)}
            error={shown.maxUses}
          />
        ) : null}
        <FormActions cancelLabel={PROMO_TEXT.cancel} submitLabel={PROMO_TEXT.submit} busyLabel={PROMO_TEXT.submitting} busy={saving} onCancel={onClose} />
      </form>
    </Dialog>
  );
}

const Check = styled.label`
  display: flex;
  align-items: center;
  gap: 10px;
  min-height: 44px;
  margin-bottom: 8px;
  font-size: ${theme.font.size.sm};
  font-weight: 600;
  input { width: 20px; height: 20px; accent-color: ${theme.color.primary}; }
`;
