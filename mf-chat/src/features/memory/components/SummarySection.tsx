import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { characterCount, MEMORY_LIMITS } from '@lakorn/contracts/web';
import { errorMessage, useToast } from '@lakorn/shell-sdk';
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
 * the member's own note and editable by them (README "Memory that keeps up"); saved on its own.
 */
export function SummarySection({ chatId }: { chatId: string }) {
  const { toast } = useToast();
  const { data, error, isLoading, mutate } = useSummary(chatId);
  const save = useSaveSummary(chatId);
  const [text, setText] = useState('');
  const [saving, setSaving] = useState(false);
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
  const submit = async () => {
    setSaving(true);
    try {
      await save(text);
      toast({ title: SUMMARY_TEXT.saved, variant: 'success' });
    } catch (failure) {
      toast({ title: SUMMARY_TEXT.saveFailed, description: errorMessage(failure), variant: 'destructive' });
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
          {SUMMARY_TEXT.save}
        </Button>
      </Actions>
    </Section>
  );
}
