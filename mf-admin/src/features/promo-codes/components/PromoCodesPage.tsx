import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import type { PromoCode } from '@lakorn/contracts/web';
import { copyText, useProfile, useToast } from '@lakorn/shell-sdk';
import { Button, ConfirmDialog, EmptyState, ErrorState, Icon, IconButton, LoadingState, Page, PageHeader, Pill, Toggle, formatCoins, formatThaiDate, theme } from '@lakorn/ui';
import { deletePromoCode, setPromoCodeActive, usePromoCodes } from '../api';
import { adminErrorText } from '../../../shared/errors';
import { PROMO_TEXT } from '../messages';
import { CreatePromoCodeDialog } from './CreatePromoCodeDialog';

/**
 * /admin/promo-codes (spec §2): title, refresh, the create dialog and a table of code, coins, type,
 * usage, status, created date (dd/MM/yyyy) and actions: copy ('Copied!'), the active toggle and
 * delete behind the spec's 'Are you sure you want to delete this code?', all in Thai (messages.ts). Empty and error states (§8). On a
 * phone the table scrolls sideways inside its card, the code column staying in view.
 */
export function PromoCodesPage() {
  const navigate = useNavigate();
  const profile = useProfile();
  const { toast } = useToast();
  const { data, error, isLoading, isValidating, mutate } = usePromoCodes(profile.uid);
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<PromoCode | null>(null);
  const [deleteBusy, setDeleteBusy] = useState(false);
  const [toggling, setToggling] = useState<ReadonlySet<string>>(new Set());

  const copy = async (code: string) => {
    try {
      await copyText(code);
      toast({ title: PROMO_TEXT.copied, description: code, variant: 'success' });
    } catch {
      toast({ title: PROMO_TEXT.copyFailed, description: code, variant: 'destructive' });
    }
  };

  const toggleActive = async (promo: PromoCode, isActive: boolean) => {
    setToggling((s) => new Set(s).add(promo.id));
    // Shown at once (spec §4: active and inactive toggle back and forth), then saved.
    await mutate((list) => list?.map((p) => (p.id === promo.id ? { ...p, isActive } : p)), { revalidate: false });
    try {
      const saved = await setPromoCodeActive(promo.id, isActive, profile.uid);
      await mutate((list) => list?.map((p) => (p.id === saved.id ? saved : p)), { revalidate: false });
    } catch (e) {
      await mutate((list) => list?.map((p) => (p.id === promo.id ? { ...p, isActive: promo.isActive } : p)), { revalidate: true });
      toast({ title: PROMO_TEXT.errorTitle, description: PROMO_TEXT.updateFailed(adminErrorText(e)), variant: 'destructive' });
    } finally {
      setToggling((s) => {
        const next = new Set(s);
        next.delete(promo.id);
        return next;
      });
    }
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    setDeleteBusy(true);
    try {
      await deletePromoCode(deleting.id, profile.uid);
      await mutate((list) => list?.filter((p) => p.id !== deleting.id), { revalidate: true });
      toast({ title: PROMO_TEXT.deleted, description: deleting.code, variant: 'success' });
      setDeleting(null);
    } catch (e) {
      toast({ title: PROMO_TEXT.errorTitle, description: PROMO_TEXT.deleteFailed(adminErrorText(e)), variant: 'destructive' });
    } finally {
      setDeleteBusy(false);
    }
  };

  let body;
  if (isLoading) body = <LoadingState message={PROMO_TEXT.loading} />;
  else if (error || !data) body = <ErrorState message={PROMO_TEXT.loadFailed} onRetry={() => void mutate()} retryLabel={PROMO_TEXT.retry} />;
  else if (data.length === 0)
    body = (
      <EmptyState icon="gift" title={PROMO_TEXT.empty}>
        <span>{PROMO_TEXT.emptyHint}</span>
        <Button onClick={() => setCreating(true)}>
          <Icon name="plus" size={18} />
          {PROMO_TEXT.create}
        </Button>
      </EmptyState>
    );
  else
    body = (
      <Scroller role="region" aria-label={PROMO_TEXT.tableLabel} tabIndex={0}>
        <Table>
          <thead>
            <tr>
              <th scope="col">{PROMO_TEXT.columns.code}</th>
              <th scope="col">{PROMO_TEXT.columns.coins}</th>
              <th scope="col">{PROMO_TEXT.columns.type}</th>
              <th scope="col">{PROMO_TEXT.columns.usage}</th>
              <th scope="col">{PROMO_TEXT.columns.status}</th>
              <th scope="col">{PROMO_TEXT.columns.created}</th>
              <th scope="col">{PROMO_TEXT.columns.actions}</th>
            </tr>
          </thead>
          <tbody>
            {data.map((promo) => (
              <tr key={promo.id} data-code={promo.code}>
                <th scope="row">
                  <code>{promo.code}</code>
                </th>
                <td className="number">{formatCoins(promo.coins)}</td>
                <td>{PROMO_TEXT.types[promo.type]}</td>
                <td className="number">{PROMO_TEXT.usage(promo.usedCount, promo.maxUses)}</td>
                <td>
                  <Pill $tone={promo.isActive ? 'success' : 'neutral'}>{promo.isActive ? PROMO_TEXT.active : PROMO_TEXT.inactive}</Pill>
                </td>
                <td>{formatThaiDate(promo.createdAt, 'dd/MM/yyyy')}</td>
                <td>
                  <Actions>
                    <IconButton $size={36} aria-label={PROMO_TEXT.copy(promo.code)} onClick={() => void copy(promo.code)}>
                      <Icon name="copy" size={18} />
                    </IconButton>
                    <Toggle
                      checked={promo.isActive}
                      label={PROMO_TEXT.toggle(promo.code)}
                      disabled={toggling.has(promo.id)}
                      onChange={(next) => void toggleActive(promo, next)}
                    />
                    <IconButton $size={36} aria-label={PROMO_TEXT.delete(promo.code)} onClick={() => setDeleting(promo)}>
                      <Icon name="trash" size={18} color={theme.color.danger} />
                    </IconButton>
                  </Actions>
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      </Scroller>
    );

  return (
    <Page>
      <PageHeader
        title={PROMO_TEXT.title}
        onBack={() => navigate(-1)}
        backLabel={PROMO_TEXT.back}
        actions={
          <>
            <IconButton aria-label={PROMO_TEXT.refresh} onClick={() => void mutate()} disabled={isValidating}>
              <Icon name="refresh" size={18} />
            </IconButton>
            <Button $size="sm" onClick={() => setCreating(true)}>
              <Icon name="plus" size={16} />
              {PROMO_TEXT.create}
            </Button>
          </>
        }
      />
      <Frame>{body}</Frame>
      <CreatePromoCodeDialog
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(created) => void mutate((list) => [created, ...(list ?? []).filter((p) => p.id !== created.id)], { revalidate: true })}
      />
      <ConfirmDialog
        open={deleting !== null}
        title={PROMO_TEXT.deleteTitle}
        message={PROMO_TEXT.deleteConfirm}
        confirmLabel={PROMO_TEXT.deleteButton}
        cancelLabel={PROMO_TEXT.cancel}
        busy={deleteBusy}
        busyLabel={PROMO_TEXT.deleting}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      />
    </Page>
  );
}

const Frame = styled.section`
  background: ${theme.color.surface};
  border: 1px solid ${theme.color.border};
  border-radius: ${theme.radius.lg};
  overflow: hidden;
`;

/**
 * The table's own horizontal scroll, so the page never overflows a phone (390 px). A shadow on
 * the right edge says there is more; it is covered once the end is reached (the cover scrolls
 * with the content, the shadow stays with the box).
 */
const Scroller = styled.div`
  overflow-x: auto;
  background:
    linear-gradient(to right, rgba(26, 23, 32, 0), ${theme.color.surface} 60%) 100% 0 / 28px 100% no-repeat local,
    radial-gradient(farthest-side at 100% 50%, rgba(0, 0, 0, 0.6), rgba(0, 0, 0, 0)) 100% 0 / 14px 100% no-repeat scroll;
  overscroll-behavior-x: contain;
  -webkit-overflow-scrolling: touch;
  &:focus-visible { outline: 2px solid ${theme.color.primary}; outline-offset: -2px; }
`;

const Table = styled.table`
  width: max-content;
  min-width: 100%;
  border-collapse: separate;
  border-spacing: 0;
  font-size: ${theme.font.size.sm};
  th, td {
    padding: 10px 12px;
    text-align: left;
    white-space: nowrap;
    border-bottom: 1px solid ${theme.color.border};
    vertical-align: middle;
  }
  tbody tr:last-child th, tbody tr:last-child td { border-bottom: none; }
  thead th {
    font-size: ${theme.font.size.xs};
    font-weight: 600;
    color: ${theme.color.muted};
    background: ${theme.color.surface2};
  }
  /* The code stays in view while the rest scrolls under it. */
  th:first-child {
    position: sticky;
    left: 0;
    z-index: 1;
    background: ${theme.color.surface};
    box-shadow: 1px 0 0 ${theme.color.border};
  }
  thead th:first-child { background: ${theme.color.surface2}; }
  code {
    font-family: ui-monospace, 'SFMono-Regular', Menlo, monospace;
    font-weight: 700;
    color: ${theme.color.amber};
    letter-spacing: 0.03em;
  }
  .number { font-variant-numeric: tabular-nums; text-align: right; }
`;

const Actions = styled.div`
  display: flex;
  align-items: center;
  gap: 6px;
`;
