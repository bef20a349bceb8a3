import styled from 'styled-components';
import { MEMORY_LIMITS, type ChatSummaryView } from '@lakorn/contracts/web';
import { ErrorState, LoadingState, Muted, Pill, SectionTitle, TextAreaField, theme } from '@lakorn/ui';
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

/**
 * The story so far: the summary the chat writes once turns leave the model's window, shown beside
 * the member's own note and editable by them (README "Memory that keeps up"). The dialog's one save
 * button saves it with the note, paying the code points past what it has paid (README "Paying for
 * text that reaches the model").
 */
export function SummarySection({
  summary,
  text,
  onChange,
  disabled,
}: {
  summary: { data?: ChatSummaryView | null; error?: unknown; isLoading: boolean; retry: () => void };
  text: string;
  onChange: (text: string) => void;
  disabled: boolean;
}) {
  const { data, error, isLoading } = summary;
  if (isLoading) return <LoadingState message={SUMMARY_TEXT.loading} />;
  if (error || !data) {
    return (
      <Section aria-label={SUMMARY_TEXT.heading}>
        <ErrorState message={SUMMARY_TEXT.loadFailed} onRetry={summary.retry} />
      </Section>
    );
  }
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
        onChange={(e) => onChange(e.target.value)}
        max={MEMORY_LIMITS.summaryCharacters}
        counterMode="remaining"
        rows={5}
        disabled={disabled}
      />
    </Section>
  );
}
