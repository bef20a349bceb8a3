import { useState, type ReactNode } from 'react';
import { Button, EmptyState, ErrorState, Icon, LoadingState, PlainList, type IconName } from '@lakorn/ui';
import { ADMIN_NEWS_TEXT } from '../messages';
import { Body } from './rows';

/**
 * spec §2 Admin news: what both tabs share: the add button and its dialog, then the list with its
 * loading, failure (with retry) and empty states.
 */
export function ListTab<Item extends { id: string }>({
  query: { data, error, isLoading, mutate },
  text,
  emptyIcon,
  note,
  dialog,
  row,
}: {
  query: { data?: Item[] | null; error?: unknown; isLoading: boolean; mutate: () => Promise<unknown> };
  text: { add: string; empty: string; emptyHint: string; listLabel: string };
  emptyIcon: IconName;
  /** Shown between the add button and the list. */
  note?: ReactNode;
  dialog: (open: boolean, onClose: () => void) => ReactNode;
  row: (item: Item) => ReactNode;
}) {
  const [adding, setAdding] = useState(false);

  let body;
  if (isLoading) body = <LoadingState message={ADMIN_NEWS_TEXT.loading} />;
  else if (error || !data) body = <ErrorState message={ADMIN_NEWS_TEXT.loadFailed} onRetry={() => void mutate()} retryLabel={ADMIN_NEWS_TEXT.retry} />;
  else if (data.length === 0)
    body = (
      <EmptyState icon={emptyIcon} title={text.empty}>
        <span>{text.emptyHint}</span>
      </EmptyState>
    );
  else body = <PlainList aria-label={text.listLabel}>{data.map(row)}</PlainList>;

  return (
    <>
      <Button $block onClick={() => setAdding(true)}>
        <Icon name="plus" size={18} />
        {text.add}
      </Button>
      {note}
      <Body>{body}</Body>
      {dialog(adding, () => setAdding(false))}
    </>
  );
}
