import { useEffect, useState, type FormEvent } from 'react';
import { useSWRConfig } from 'swr';
import styled from 'styled-components';
import { CHECKIN_COINS_MAX, SPECIAL_DAY_DEFAULT_COINS, SPECIAL_DAY_DESCRIPTION_MAX, SPECIAL_DAY_EXISTS_CODE, type SpecialCheckinDay } from '@lakorn/contracts/web';
import { ApiError, useProfile, useToast } from '@lakorn/shell-sdk';
import { Dialog, TextField } from '@lakorn/ui';
import { parseWholeNumber } from '../../../shared/wholeNumber';
import { isCalendarQuery, useForgetQueries } from '../../../shared/queries';
import { createSpecialDay, SPECIAL_DAYS_PATH } from '../api';
import { ADMIN_NEWS_TEXT, SPECIAL_DAY_TEXT } from '../messages';
import { SaveActions } from './SaveActions';
import { adminErrorText } from '../../../shared/errors';

/**
 * spec §2 add-special-day dialog: a date picker, the coin amount (default 100, minimum 1) and a
 * description with a holiday-name placeholder. Save is disabled without a date and a submit
 * without one says 'please choose a date' (spec §5).
 */
export function AddSpecialDayDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const profile = useProfile();
  const { toast } = useToast();
  const { mutate } = useSWRConfig();
  const forget = useForgetQueries();
  const [date, setDate] = useState('');
  const [coins, setCoins] = useState(String(SPECIAL_DAY_DEFAULT_COINS));
  const [description, setDescription] = useState('');
  const [dateTouched, setDateTouched] = useState(false);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!open) return;
    setDate('');
    setCoins(String(SPECIAL_DAY_DEFAULT_COINS));
    setDescription('');
    setDateTouched(false);
  }, [open]);

  const amount = parseWholeNumber(coins);
  const coinsValid = Number.isInteger(amount) && amount >= 1 && amount <= CHECKIN_COINS_MAX;
  const canSave = date !== '' && coinsValid && !saving;

  const save = async (event?: FormEvent) => {
    event?.preventDefault();
    if (!date) {
      setDateTouched(true);
      return;
    }
    if (!canSave) return;
    setSaving(true);
    try {
      // spec §7: date as ISO; yyyy-MM-dd is the day chosen, which the service keeps as a Bangkok day.
      const created = await createSpecialDay({ date, coinAmount: amount, description: description.trim(), userId: profile.uid });
      await mutate<SpecialCheckinDay[] | null>(
        SPECIAL_DAYS_PATH,
        (list) => [...(list ?? []).filter((d) => d.id !== created.id), created].sort((a, b) => a.date.localeCompare(b.date)),
        { revalidate: true },
      );
      // The members' calendars show the day amber with its amount (spec §2 /news).
      void forget(isCalendarQuery);
      toast({ title: SPECIAL_DAY_TEXT.added, description: created.description || SPECIAL_DAY_TEXT.defaultDescription, variant: 'success' });
      onClose();
    } catch (error) {
      const exists = error instanceof ApiError && error.code === SPECIAL_DAY_EXISTS_CODE;
      toast({ title: SPECIAL_DAY_TEXT.addFailed, description: exists ? SPECIAL_DAY_TEXT.exists : adminErrorText(error), variant: 'destructive' });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog open={open} title={SPECIAL_DAY_TEXT.dialogTitle} onClose={saving ? undefined : onClose} closeLabel={ADMIN_NEWS_TEXT.cancel}>
      <Form onSubmit={(e) => void save(e)} noValidate>
        <TextField
          label={SPECIAL_DAY_TEXT.dateLabel}
          type="date"
          value={date}
          required
          onChange={(e) => setDate(e.target.value)}
          onBlur={() => setDateTouched(true)}
          error={dateTouched && !date ? SPECIAL_DAY_TEXT.chooseDate : undefined}
        />
        <TextField
          label={SPECIAL_DAY_TEXT.coinsLabel}
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          value={coins}
          onChange={(e) => setCoins(e.target.value)}
          error={coinsValid ? undefined : SPECIAL_DAY_TEXT.coinsInvalid}
        />
        <TextField
          label={SPECIAL_DAY_TEXT.descriptionLabel}
          placeholder={SPECIAL_DAY_TEXT.descriptionPlaceholder}
          value={description}
          maxLength={SPECIAL_DAY_DESCRIPTION_MAX}
          onChange={(e) => setDescription(e.target.value)}
        />
        <SaveActions saving={saving} canSave={canSave} onCancel={onClose} />
      </Form>
    </Dialog>
  );
}

/** The native date picker drawn for the dark theme (its icon would be black on dark otherwise). */
const Form = styled.form`
  input[type='date'] { color-scheme: dark; }
`;
