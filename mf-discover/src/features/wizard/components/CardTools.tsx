import { useRef, useState } from 'react';
import styled from 'styled-components';
import type { CardImportResult, DraftLimitedField } from '@lakorn/contracts/web';
import { errorMessage, useSession, useToast } from '@lakorn/shell-sdk';
import { Button, Card, Icon, IconButton, Muted, SectionTitle, theme } from '@lakorn/ui';
import { download, exportCardJson, exportCardPng, importCard } from '../api';
import { renderCardPicture } from '../cardPicture';
import { FIELD_LABELS, FIELD_STEP } from '../draft';
import { LOREBOOK_TEXT, WIZARD_TEXT } from '../messages';

const Row = styled.div`
  display: flex;
  gap: 10px;
  flex-wrap: wrap;
  margin-top: 12px;
`;

const Notice = styled.section`
  margin-bottom: 16px;
  padding: 14px 16px;
  border-radius: ${theme.radius.md};
  background: ${theme.color.amberBg};
  border: 1px solid rgba(245, 181, 68, 0.4);
  font-size: ${theme.font.size.sm};
  ul { margin: 8px 0 0; padding-left: 18px; }
  li { margin: 4px 0; }
`;

const NoticeHead = styled.div`
  display: flex;
  justify-content: space-between;
  align-items: flex-start;
  gap: 8px;
  font-weight: 600;
  color: ${theme.color.amber};
`;

const StepLink = styled.button`
  border: none;
  background: none;
  padding: 0 0 0 6px;
  color: ${theme.color.primary};
  font-size: inherit;
  text-decoration: underline;
`;

/** Import a Character Card V2 into the draft (beyond the spec, ARCHITECTURE §6 extensions). */
export function CardImport({ onImported }: { onImported: (result: CardImportResult) => void }) {
  const { profile } = useSession();
  const { toast } = useToast();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);

  async function choose(file: File | undefined) {
    if (!file || !profile) return;
    setBusy(true);
    try {
      const result = await importCard(file, file.name, profile.uid);
      onImported(result);
      toast({ title: WIZARD_TEXT.imported, description: WIZARD_TEXT.importedCheck, variant: 'success' });
    } catch (error) {
      toast({ title: WIZARD_TEXT.importFailed, description: errorMessage(error), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card>
      <Button $variant="secondary" $block disabled={busy} onClick={() => input.current?.click()}>
        <Icon name="sparkles" size={16} />
        {busy ? WIZARD_TEXT.importing : WIZARD_TEXT.importCard}
      </Button>
      <Muted style={{ marginTop: 8, textAlign: 'center' }}>{WIZARD_TEXT.importHint}</Muted>
      <input
        ref={input}
        type="file"
        accept=".json,.png,application/json,image/png"
        hidden
        data-testid="card-input"
        onChange={(e) => {
          void choose(e.target.files?.[0]);
          e.target.value = '';
        }}
      />
    </Card>
  );
}

/** What an import could not fit: over-long fields (to trim, never cut) and parts kept aside. */
export function ImportNotice({
  result,
  onGoToStep,
  onOpenLorebook,
  onDismiss,
}: {
  result: { overLong: Array<{ field: DraftLimitedField; length: number; max: number }>; notes: string[] };
  onGoToStep: (step: number) => void;
  /** Given when the card brought lorebook entries: a way to the optional lorebook step to check them. */
  onOpenLorebook?: () => void;
  onDismiss: () => void;
}) {
  if (result.overLong.length === 0 && result.notes.length === 0) return null;
  return (
    <Notice aria-label={WIZARD_TEXT.imported}>
      <NoticeHead>
        <span>{result.overLong.length > 0 ? WIZARD_TEXT.overLongTitle : WIZARD_TEXT.imported}</span>
        <IconButton $size={28} aria-label={WIZARD_TEXT.dismiss} onClick={onDismiss}>
          <Icon name="close" size={16} />
        </IconButton>
      </NoticeHead>
      <ul>
        {result.overLong.map((item) => (
          <li key={item.field}>
            {WIZARD_TEXT.overLongItem(FIELD_LABELS[item.field], item.length, item.max)}
            <StepLink type="button" onClick={() => onGoToStep(FIELD_STEP[item.field])}>
              {WIZARD_TEXT.goToStep(FIELD_STEP[item.field])}
            </StepLink>
          </li>
        ))}
        {result.notes.map((note) => (
          <li key={note}>{note}</li>
        ))}
        {onOpenLorebook ? (
          <li>
            {LOREBOOK_TEXT.importedEntries}
            <StepLink type="button" onClick={onOpenLorebook}>
              {LOREBOOK_TEXT.openFromImport}
            </StepLink>
          </li>
        ) : null}
      </ul>
    </Notice>
  );
}

/** Export one's saved character as a V2 JSON or PNG card (beyond the spec, ARCHITECTURE §6 extensions). */
export function CardExport({ characterId, name, profileUrl }: { characterId: string; name: string; profileUrl: string }) {
  const { profile } = useSession();
  const { toast } = useToast();
  const [busy, setBusy] = useState<'json' | 'png' | null>(null);

  async function run(kind: 'json' | 'png') {
    if (!profile) return;
    setBusy(kind);
    try {
      const blob = kind === 'json' ? await exportCardJson(characterId) : await exportCardPng(characterId, profile.uid, await renderCardPicture({ name, profileUrl }));
      download(blob, `${name || 'character'}.${kind}`);
    } catch (error) {
      toast({ title: WIZARD_TEXT.exportFailed, description: errorMessage(error), variant: 'destructive' });
    } finally {
      setBusy(null);
    }
  }

  return (
    <Card>
      <SectionTitle>{WIZARD_TEXT.exportTitle}</SectionTitle>
      <Muted>{WIZARD_TEXT.exportHint}</Muted>
      <Row>
        <Button $variant="secondary" $size="sm" disabled={busy !== null} onClick={() => void run('json')}>
          {busy === 'json' ? WIZARD_TEXT.exporting : WIZARD_TEXT.exportJson}
        </Button>
        <Button $variant="secondary" $size="sm" disabled={busy !== null} onClick={() => void run('png')}>
          {busy === 'png' ? WIZARD_TEXT.exporting : WIZARD_TEXT.exportPng}
        </Button>
      </Row>
    </Card>
  );
}
