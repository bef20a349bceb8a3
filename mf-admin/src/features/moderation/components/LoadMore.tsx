import styled from 'styled-components';
import { Button, Spinner, theme } from '@lakorn/ui';
import { MODERATION_TEXT } from '../messages';

const More = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: 8px;
  margin: 14px 0;
  color: ${theme.color.muted};
  font-size: ${theme.font.size.sm};
`;

/** What a paged list (api.ts usePaged) tells its "load more" control. */
export interface MorePages {
  hasMore: boolean;
  moreFailed: boolean;
  loadingMore: boolean;
  loadMore: () => void;
}

/** "ดูเพิ่มเติม" under a paged list (the queue, the audit log): busy while loading, a Thai line when it failed. */
export function LoadMore({ list }: { list: MorePages }) {
  if (!list.hasMore && !list.moreFailed) return null;
  return (
    <More>
      {list.moreFailed ? <span role="alert">{MODERATION_TEXT.loadMoreFailed}</span> : null}
      <Button $variant="secondary" $size="sm" onClick={list.loadMore} disabled={list.loadingMore}>
        {list.loadingMore ? <Spinner $size={16} /> : null}
        {MODERATION_TEXT.loadMore}
      </Button>
    </More>
  );
}
