import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import styled, { css } from 'styled-components';
import { DAILY_COIN_DEFAULTS, type DailyCoinSetting } from '@lakorn/contracts/web';
import { useProfile, useToast } from '@lakorn/shell-sdk';
import { Button, ErrorState, Input, LoadingState, Muted, Page, PageHeader, Pill, theme } from '@lakorn/ui';
import { parseWholeNumber } from '../../../shared/wholeNumber';
import { isCalendarQuery, useForgetQueries } from '../../../shared/queries';
import { saveDailyCoinSetting, useDailyCoinSettings } from '../api';
import { DAILY_COIN_TEXT } from '../messages';

const WEEK: readonly number[] = [0, 1, 2, 3, 4, 5, 6];
const isWeekend = (day: number) => day === 0 || day === 6;

/** The saved amount of a weekday; the editor defaults of spec §9 for a day the server lacks. */
function savedAmount(settings: DailyCoinSetting[], day: number): number {
  return settings.find((s) => s.dayOfWeek === day)?.coinAmount ?? DAILY_COIN_DEFAULTS[day] ?? 1;
}

/** spec §5: an entry counts only when it is a whole number of at least 1. */
const usable = (text: string) => {
  const n = parseWholeNumber(text);
  return Number.isInteger(n) && n >= 1 ? n : null;
};

/**
 * /admin/daily-coin-settings (spec §2, §4 Coin settings card): one card per weekday, Sunday to
 * Saturday, labelled weekend or weekday, each with a coin input. A changed card is "edited"
 * (highlighted border); save is enabled only while something is edited and sends one call per
 * edited day (spec §7). Entries that are not a number of at least 1 are not sent (spec §5), and
 * every card is unedited again after saving (a failed day stays edited, to be tried again).
 */
export function DailyCoinSettingsPage() {
  const navigate = useNavigate();
  const profile = useProfile();
  const { toast } = useToast();
  const forget = useForgetQueries();
  const { data, error, isLoading, mutate } = useDailyCoinSettings();
  const [drafts, setDrafts] = useState<Record<number, string>>({});
  const [saving, setSaving] = useState(false);

  const settings = data ?? [];
  const editedDays = WEEK.filter((day) => drafts[day] !== undefined && drafts[day] !== String(savedAmount(settings, day)));

  const save = async () => {
    if (editedDays.length === 0) return;
    setSaving(true);
    const toSend = editedDays.flatMap((day) => {
      const amount = usable(drafts[day] ?? '');
      return amount === null ? [] : [{ day, amount }];
    });
    const results = await Promise.allSettled(toSend.map(({ day, amount }) => saveDailyCoinSetting(day, amount, profile.uid)));
    const saved = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
    const failedDays = toSend.filter((_, i) => results[i]?.status === 'rejected').map((s) => s.day);

    if (saved.length > 0) {
      await mutate((list) => WEEK.map((day) => saved.find((s) => s.dayOfWeek === day) ?? list?.find((s) => s.dayOfWeek === day) ?? { id: `day-${day}`, dayOfWeek: day, coinAmount: savedAmount([], day) }), {
        revalidate: true,
      });
      // The members' calendars show the new amounts (spec §2 /news).
      void forget(isCalendarQuery);
    }
    // Saved and ignored entries go back to unedited; a day the server refused stays edited.
    setDrafts((current) => Object.fromEntries(Object.entries(current).filter(([day]) => failedDays.includes(Number(day)))));
    setSaving(false);

    if (failedDays.length > 0) toast({ title: DAILY_COIN_TEXT.saveFailed, variant: 'destructive' });
    else if (saved.length > 0) toast({ title: DAILY_COIN_TEXT.saved, description: DAILY_COIN_TEXT.savedDays(saved.map((s) => DAILY_COIN_TEXT.days[s.dayOfWeek]).join(' ')), variant: 'success' });
    else toast({ title: DAILY_COIN_TEXT.nothingSaved, description: DAILY_COIN_TEXT.nothingSavedHint });
  };

  let body;
  if (isLoading) body = <LoadingState message={DAILY_COIN_TEXT.loading} />;
  else if (error || !data) body = <ErrorState message={DAILY_COIN_TEXT.loadFailed} onRetry={() => void mutate()} retryLabel={DAILY_COIN_TEXT.retry} />;
  else
    body = (
      <>
        <Cards>
          {WEEK.map((day) => {
            const value = drafts[day] ?? String(savedAmount(settings, day));
            const edited = editedDays.includes(day);
            const ignored = edited && usable(value) === null;
            const inputId = `daily-coins-${day}`;
            return (
              <DayCard key={day} $edited={edited} data-edited={edited} aria-label={DAILY_COIN_TEXT.days[day]}>
                <CardHead>
                  <label htmlFor={inputId}>{DAILY_COIN_TEXT.days[day]}</label>
                  <Pill $tone={isWeekend(day) ? 'amber' : 'neutral'}>{isWeekend(day) ? DAILY_COIN_TEXT.weekend : DAILY_COIN_TEXT.weekday}</Pill>
                </CardHead>
                <AmountRow>
                  <Input
                    id={inputId}
                    type="number"
                    inputMode="numeric"
                    min={1}
                    step={1}
                    aria-label={DAILY_COIN_TEXT.coinsLabel(DAILY_COIN_TEXT.days[day] ?? '')}
                    aria-invalid={ignored || undefined}
                    value={value}
                    disabled={saving}
                    onChange={(e) => setDrafts((d) => ({ ...d, [day]: e.target.value }))}
                  />
                  <span>{DAILY_COIN_TEXT.unit}</span>
                </AmountRow>
                {ignored ? <Hint $warn>{DAILY_COIN_TEXT.ignored}</Hint> : edited ? <Hint>{DAILY_COIN_TEXT.edited}</Hint> : null}
              </DayCard>
            );
          })}
        </Cards>
        <SaveBar>
          <Button $block $size="lg" disabled={editedDays.length === 0 || saving} onClick={() => void save()}>
            {saving ? DAILY_COIN_TEXT.saving : DAILY_COIN_TEXT.save}
          </Button>
        </SaveBar>
      </>
    );

  return (
    <Page>
      <PageHeader title={DAILY_COIN_TEXT.title} onBack={() => navigate('/admin/news')} backLabel={DAILY_COIN_TEXT.back} />
      <Muted style={{ marginBottom: 14 }}>{DAILY_COIN_TEXT.intro}</Muted>
      {body}
    </Page>
  );
}

const Cards = styled.div`
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: 10px;
`;

const DayCard = styled.section<{ $edited: boolean }>`
  display: flex;
  flex-direction: column;
  gap: 10px;
  padding: 12px;
  border-radius: ${theme.radius.md};
  background: ${theme.color.surface};
  border: 1px solid ${theme.color.border};
  transition: border-color 120ms ease, box-shadow 120ms ease;
  ${(p) =>
    p.$edited &&
    css`
      border-color: ${theme.color.primary};
      box-shadow: 0 0 0 1px ${theme.color.primary};
    `}
`;

const CardHead = styled.div`
  display: flex;
  flex-direction: column;
  align-items: flex-start;
  gap: 4px;
  label { font-weight: 700; font-size: ${theme.font.size.sm}; }
`;

const AmountRow = styled.div`
  display: flex;
  align-items: center;
  gap: 8px;
  input { font-variant-numeric: tabular-nums; }
  span { flex: none; font-size: ${theme.font.size.sm}; color: ${theme.color.muted}; }
`;

const Hint = styled.span<{ $warn?: boolean }>`
  font-size: ${theme.font.size.xs};
  color: ${(p) => (p.$warn ? theme.color.danger : theme.color.primary)};
`;

const SaveBar = styled.div`
  position: sticky;
  bottom: calc(${theme.navHeight} + 8px);
  margin-top: 16px;
  padding: 8px 0;
  background: linear-gradient(to top, ${theme.color.bg} 70%, transparent);
`;
