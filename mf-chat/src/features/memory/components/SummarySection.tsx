import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { characterCount, MEMORY_LIMITS, saveCost } from '@lakorn/contracts/web';
import { errorMessage, useToast } from '@lakorn/shell-sdk';
import { COIN_TEXT } from '../../../shared/messages';
import { usePaidSave } from '../../../shared/paidSave';
import { Button, ErrorState, LoadingState, Muted, Pill, SectionTitle, TextAreaField, theme } from '@lakorn/ui';
import { useSaveSummary, useSummary } from '../api';
import { SUMMARY_TEXT } from '../messages';

const Section = styled.section`
  margin-top: 18px;
  padding-top: 14px;
  border-top: 1px solid ${theme.color.border};
`;

const Head = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 8px;
`;

const Actions = styled.div`
  display: flex;
  justify-content: flex-end;
`;

/**
 * The story so far: the summary the chat writes once turns leave the model's window, shown beside
 * the member's own note and editable by them (README "Memory that keeps up"); saved on its own,
 * paying the code points past what the summary has paid (shown on the button; README "Paying for
 * text that reaches the model").
 */
export function SummarySection({ chatId }: { chatId: string }) {
  const { toast } = useToast();
  const { data, error, isLoading, mutate } = useSummary(chatId);
  const save = useSaveSummary(chatId);
  const [text, setText] = useState('');
  const [saving, setSaving] = useState(false);
  const coins = usePaidSave();
  /** A 409 COST_CHANGED's price, until the summary is read again. */
  const [paidNow, setPaidNow] = useState<number | null>(null);
  const original = data?.summary ?? '';

  useEffect(() => setText(original), [original]);

  if (isLoading) return <LoadingState message={SUMMARY_TEXT.loading} />;
  if (error || !data) {
    return (
      <Section aria-label={SUMMARY_TEXT.heading}>
        <ErrorState message={SUMMARY_TEXT.loadFailed} onRetry={() => void mutate()} />
      </Section>
    );
  }

  const tooLong = characterCount(text) > MEMORY_LIMITS.summaryCharacters;
  const blank = text.trim() === '';
  const cost = tooLong || blank || text === original ? 0 : saveCost(text, paidNow ?? data.paid ?? 0);
  const submit = async () => {
    if (!coins.affordable(cost)) return;
    setSaving(true);
    try {
      await save(text, cost);
      coins.paid(cost);
      setPaidNow(null);
      toast({ title: SUMMARY_TEXT.saved, variant: 'success' });
    } catch (failure) {
      const refusal = coins.refused(failure);
      // The price changed meanwhile: the button shows the server's price now.
      if (refusal?.cost != null) setPaidNow(Math.max(0, characterCount(text) - refusal.cost));
      else if (!refusal) toast({ title: SUMMARY_TEXT.saveFailed, description: errorMessage(failure), variant: 'destructive' });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Section aria-label={SUMMARY_TEXT.heading}>
      <Head>
        <SectionTitle>{SUMMARY_TEXT.heading}</SectionTitle>
        {data.edited && data.summary !== '' ? <Pill>{SUMMARY_TEXT.edited}</Pill> : null}
      </Head>
      {data.summary === '' ? <Muted>{SUMMARY_TEXT.none}</Muted> : null}
      <TextAreaField
        label={SUMMARY_TEXT.label}
        hint={SUMMARY_TEXT.hint}
        value={text}
        onChange={(e) => setText(e.target.value)}
        max={MEMORY_LIMITS.summaryCharacters}
        counterMode="remaining"
        rows={5}
        disabled={saving}
      />
      <Actions>
        <Button $variant="secondary" $size="sm" onClick={() => void submit()} disabled={saving || tooLong || text === original}>
          {COIN_TEXT.saveLabel(SUMMARY_TEXT.save, cost)}
        </Button>
      </Actions>
    </Section>
  );
}
