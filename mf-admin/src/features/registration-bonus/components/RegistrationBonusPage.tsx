import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { REGISTRATION_BONUS_DEFAULT, REGISTRATION_BONUS_MAX } from '@lakorn/contracts/web';
import { useProfile, useToast } from '@lakorn/shell-sdk';
import { Button, Card, ErrorState, formatCoins, Input, LoadingState, Muted, Page, PageHeader, theme } from '@lakorn/ui';
import { parseWholeNumber } from '../../../shared/wholeNumber';
import { saveRegistrationBonus, useRegistrationBonus } from '../api';
import { BONUS_TEXT } from '../messages';

/**
 * /admin/registration-bonus (spec §2): a number input (min 0) with the unit (spec's COINS), save,
 * the current value (1000 when none is set, spec §9) and a hint. Anything but a whole number of at
 * least 0 is refused with spec §5's 'Invalid value' / 'Please enter a positive number only', in Thai.
 * Owner only (ARCHITECTURE §5).
 */
export function RegistrationBonusPage() {
  const navigate = useNavigate();
  const profile = useProfile();
  const { toast } = useToast();
  const inputId = useId();
  const { data, error, isLoading, mutate } = useRegistrationBonus();
  const current = data?.coins ?? REGISTRATION_BONUS_DEFAULT;
  // What the admin typed; until then the field shows the saved value (1000 when none, spec §9),
  // drawn with the form itself, never an empty field for a render first.
  const [typed, setTyped] = useState<string | null>(null);
  const value = typed ?? String(current);
  const [saving, setSaving] = useState(false);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const coins = parseWholeNumber(value);
    if (!Number.isInteger(coins) || coins < 0) {
      toast({ title: BONUS_TEXT.invalidTitle, description: BONUS_TEXT.invalidBody, variant: 'destructive' });
      return;
    }
    if (coins > REGISTRATION_BONUS_MAX) {
      toast({ title: BONUS_TEXT.invalidTitle, description: BONUS_TEXT.tooLarge, variant: 'destructive' });
      return;
    }
    setSaving(true);
    try {
      const saved = await saveRegistrationBonus(coins, profile.uid);
      await mutate(saved, { revalidate: false });
      setTyped(String(saved.coins));
      toast({ title: BONUS_TEXT.saved, description: BONUS_TEXT.savedBody(formatCoins(saved.coins)), variant: 'success' });
    } catch {
      toast({ title: BONUS_TEXT.saveFailed, description: BONUS_TEXT.saveFailedBody, variant: 'destructive' });
    } finally {
      setSaving(false);
    }
  };

  let body;
  if (isLoading) body = <LoadingState message={BONUS_TEXT.loading} />;
  else if (error) body = <ErrorState message={BONUS_TEXT.loadFailed} onRetry={() => void mutate()} retryLabel={BONUS_TEXT.retry} />;
  else
    body = (
      <Card>
        <form onSubmit={(e) => void save(e)} noValidate>
          <Label htmlFor={inputId}>{BONUS_TEXT.label}</Label>
          <Row>
            <Input
              id={inputId}
              type="number"
              inputMode="numeric"
              min={0}
              step={1}
              value={value}
              disabled={saving}
              onChange={(e) => setTyped(e.target.value)}
            />
            <Unit>{BONUS_TEXT.unit}</Unit>
          </Row>
          <Current>
            {BONUS_TEXT.current}: <strong>{formatCoins(current)}</strong> {BONUS_TEXT.unit}
          </Current>
          <Muted>{BONUS_TEXT.hint}</Muted>
          <Button type="submit" $block disabled={saving} style={{ marginTop: 16 }}>
            {saving ? BONUS_TEXT.saving : BONUS_TEXT.save}
          </Button>
        </form>
      </Card>
    );

  return (
    <Page>
      <PageHeader title={BONUS_TEXT.title} onBack={() => navigate(-1)} backLabel={BONUS_TEXT.back} />
      {body}
    </Page>
  );
}

const Label = styled.label`
  display: block;
  margin-bottom: 8px;
  font-size: ${theme.font.size.sm};
  font-weight: 600;
`;

const Row = styled.div`
  display: flex;
  align-items: center;
  gap: 10px;
  input { font-size: ${theme.font.size.lg}; font-variant-numeric: tabular-nums; }
`;

const Unit = styled.span`
  flex: none;
  font-weight: 700;
  color: ${theme.color.amber};
`;

const Current = styled.p`
  margin: 14px 0 6px;
  font-size: ${theme.font.size.sm};
  color: ${theme.color.muted};
  strong { color: ${theme.color.text}; font-variant-numeric: tabular-nums; }
`;
