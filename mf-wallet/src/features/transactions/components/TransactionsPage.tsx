import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import type { CoinTransaction } from '@lakorn/contracts/web';
import { useProfile } from '@lakorn/shell-sdk';
import { Button, Card, CoinBadge, EmptyState, ErrorState, formatCoins, formatThaiDate, Icon, LoadingState, Page, PageHeader, theme } from '@lakorn/ui';
import { loadOlder, PAGE_SIZE, useBalance, useTransactions } from '../api';
import { HISTORY_TEXT } from '../messages';

const BalanceCard = styled(Card)`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 12px;
`;

const BalanceLabel = styled.span`
  color: ${theme.color.muted};
  font-size: ${theme.font.size.sm};
`;

const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  table-layout: fixed;
  font-size: ${theme.font.size.sm};
  caption { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); }
  th {
    text-align: left;
    font-weight: 600;
    font-size: ${theme.font.size.xs};
    color: ${theme.color.muted};
    padding: 0 6px 8px;
    border-bottom: 1px solid ${theme.color.border};
  }
  th:first-child { width: 30%; }
  th:last-child { width: 27%; text-align: right; }
  td {
    padding: 12px 6px;
    border-bottom: 1px solid ${theme.color.surface3};
    vertical-align: top;
    overflow-wrap: break-word;
  }
  tr:last-child td { border-bottom: none; }
  td:first-child { color: ${theme.color.muted}; white-space: nowrap; }
`;

const Amount = styled.td<{ $positive: boolean }>`
  text-align: right;
  font-weight: 700;
  font-variant-numeric: tabular-nums;
  white-space: nowrap;
  color: ${(p) => (p.$positive ? theme.color.success : theme.color.danger)};
  svg { vertical-align: -3px; margin-right: 2px; }
`;

const More = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: 8px;
  margin-top: 12px;
  p { margin: 0; color: ${theme.color.danger}; font-size: ${theme.font.size.sm}; }
`;

/** spec §6: dates with the month named, in Thai order "d MMM yyyy" (README "Refinements of the spec"), Buddhist year. */
const dateOf = (iso: string) => formatThaiDate(iso, 'd MMM yyyy');

function AmountCell({ amount }: { amount: number }) {
  const positive = amount > 0;
  const shown = formatCoins(Math.abs(amount));
  // spec §2: positive green with an up arrow, negative red with a down arrow, as absolute values.
  return (
    <Amount $positive={positive} aria-label={positive ? HISTORY_TEXT.received(shown) : HISTORY_TEXT.spent(shown)}>
      <Icon name={positive ? 'arrowUp' : 'arrowDown'} size={16} />
      {shown}
    </Amount>
  );
}

/** /transactions (spec §2 coin history). */
export function TransactionsPage() {
  const profile = useProfile();
  const navigate = useNavigate();
  const { data, error, isLoading, mutate } = useTransactions(profile.id);
  const balance = useBalance();
  const [older, setOlder] = useState<CoinTransaction[]>([]);
  const [olderState, setOlderState] = useState<'idle' | 'loading' | 'failed' | 'done'>('idle');

  // A refreshed first page (after a payment or a promo) starts the list again.
  useEffect(() => {
    setOlder([]);
    setOlderState('idle');
  }, [data]);

  const rows = [...(data ?? []), ...older];
  const lastPage = older.length > 0 ? older.length % PAGE_SIZE !== 0 : (data?.length ?? 0) < PAGE_SIZE;
  const canLoadMore = rows.length > 0 && !lastPage && olderState !== 'done';

  const loadMore = async () => {
    const oldest = rows[rows.length - 1];
    if (!oldest) return;
    setOlderState('loading');
    try {
      const page = await loadOlder(profile.id, oldest);
      setOlder((list) => [...list, ...page]);
      setOlderState(page.length < PAGE_SIZE ? 'done' : 'idle');
    } catch {
      setOlderState('failed');
    }
  };

  let body;
  if (isLoading) body = <LoadingState message={HISTORY_TEXT.loading} />;
  else if (error) body = <ErrorState message={HISTORY_TEXT.failed} onRetry={() => void mutate()} retryLabel={HISTORY_TEXT.retry} />;
  else if (rows.length === 0) body = <EmptyState icon="calendar" title={HISTORY_TEXT.empty} />;
  else {
    body = (
      <>
        <Table>
          <caption>{HISTORY_TEXT.caption}</caption>
          <thead>
            <tr>
              <th scope="col">{HISTORY_TEXT.date}</th>
              <th scope="col">{HISTORY_TEXT.description}</th>
              <th scope="col">{HISTORY_TEXT.amount}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((t) => (
              <tr key={t.id}>
                <td>{dateOf(t.createdAt)}</td>
                <td>{t.description}</td>
                <AmountCell amount={t.amount} />
              </tr>
            ))}
          </tbody>
        </Table>
        {canLoadMore || olderState === 'failed' ? (
          <More>
            {olderState === 'failed' ? <p role="alert">{HISTORY_TEXT.moreFailed}</p> : null}
            <Button $variant="secondary" $size="sm" onClick={() => void loadMore()} disabled={olderState === 'loading'}>
              {HISTORY_TEXT.more}
            </Button>
          </More>
        ) : null}
      </>
    );
  }

  return (
    <Page>
      <PageHeader title={HISTORY_TEXT.title} onBack={() => navigate('/profile')} backLabel={HISTORY_TEXT.back} />
      <BalanceCard aria-label={HISTORY_TEXT.balance}>
        <BalanceLabel>{HISTORY_TEXT.balance}</BalanceLabel>
        <CoinBadge coins={balance.data?.balance ?? profile.coins} />
      </BalanceCard>
      <Card>{body}</Card>
    </Page>
  );
}
