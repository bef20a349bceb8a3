import { useState } from 'react';
import styled from 'styled-components';
import { ApiError, useToast } from '@lakorn/shell-sdk';
import type { AdminReport } from '@lakorn/contracts/web';
import { Button, ConfirmDialog, EmptyState, ErrorState, LoadingState, PlainList } from '@lakorn/ui';
import { resolveReport, useAfterModeration, useReports, type ReportFilter } from '../api';
import { MODERATION_TEXT } from '../messages';
import { LoadMore } from './LoadMore';
import { ReportCard } from './ReportCard';

const Filter = styled.div`
  display: flex;
  gap: 8px;
  margin-bottom: 12px;
`;


type Busy = { id: string; action: 'hide' | 'dismiss' } | null;

/** The report queue: open reports oldest first (or every report), each with hide and dismiss. */
export function ReportQueue({ onManage }: { onManage: (characterId: string) => void }) {
  const [filter, setFilter] = useState<ReportFilter>('open');
  const list = useReports(filter);
  const { toast } = useToast();
  const afterChange = useAfterModeration();
  const [busy, setBusy] = useState<Busy>(null);
  const [confirmHide, setConfirmHide] = useState<AdminReport | null>(null);

  const resolve = async (report: AdminReport, action: 'hide' | 'dismiss') => {
    setBusy({ id: report.id, action });
    try {
      await resolveReport(report.id, action);
      toast({ title: action === 'hide' ? MODERATION_TEXT.hidden(report.characterName) : MODERATION_TEXT.dismissed, variant: 'success' });
      setConfirmHide(null);
      await afterChange();
      await list.reload();
    } catch (error) {
      // 409: another admin resolved it first; the queue is loaded again to show what happened.
      if (error instanceof ApiError && error.status === 409) {
        toast({ title: MODERATION_TEXT.alreadyResolved });
        setConfirmHide(null);
        await list.reload();
      } else {
        toast({ title: MODERATION_TEXT.resolveFailed, variant: 'destructive' });
      }
    } finally {
      setBusy(null);
    }
  };

  return (
    <>
      <Filter role="group" aria-label={MODERATION_TEXT.filterLabel}>
        {(['open', 'all'] as const).map((f) => (
          <Button key={f} $size="sm" $variant={filter === f ? 'primary' : 'secondary'} aria-pressed={filter === f} onClick={() => setFilter(f)}>
            {f === 'open' ? MODERATION_TEXT.showOpen : MODERATION_TEXT.showAll}
          </Button>
        ))}
      </Filter>
      {list.loading ? <LoadingState message={MODERATION_TEXT.loading} /> : null}
      {list.failed ? <ErrorState message={MODERATION_TEXT.loadFailed} onRetry={() => void list.reload()} /> : null}
      {!list.loading && !list.failed && list.items.length === 0 ? (
        <EmptyState icon="shield" title={filter === 'open' ? MODERATION_TEXT.emptyOpen : MODERATION_TEXT.emptyAll} />
      ) : null}
      <PlainList aria-label={MODERATION_TEXT.tabReports}>
        {list.items.map((report) => (
          <ReportCard
            key={report.id}
            report={report}
            busy={busy?.id === report.id ? busy.action : null}
            disabled={busy !== null}
            onHide={() => setConfirmHide(report)}
            onDismiss={() => void resolve(report, 'dismiss')}
            onManage={() => onManage(report.characterId)}
          />
        ))}
      </PlainList>
      <LoadMore list={list} />
      <ConfirmDialog
        open={confirmHide !== null}
        title={MODERATION_TEXT.hideTitle(confirmHide?.characterName ?? '')}
        message={MODERATION_TEXT.hideMessage}
        confirmLabel={MODERATION_TEXT.hide}
        busyLabel={MODERATION_TEXT.hiding}
        busy={busy?.action === 'hide'}
        onConfirm={() => confirmHide && void resolve(confirmHide, 'hide')}
        onCancel={() => setConfirmHide(null)}
      />
    </>
  );
}
