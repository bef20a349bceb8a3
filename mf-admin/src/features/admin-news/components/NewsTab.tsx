import { useState } from 'react';
import styled from 'styled-components';
import { Button, EmptyState, ErrorState, Icon, IconButton, LoadingState, Pill, imageCandidates, thaiDateTime, theme } from '@lakorn/ui';
import { useNewsList } from '../api';
import { ADMIN_NEWS_TEXT, NEWS_TAB_TEXT } from '../messages';
import { AddNewsDialog } from './AddNewsDialog';
import type { DeleteTarget } from './DeleteDialog';
import { Body, List, Meta, Row, Text } from './rows';

/** spec §2 Admin news, News tab: the add-news dialog and the list (title, date, type label, delete icon). */
export function NewsTab({ onDelete }: { onDelete: (target: DeleteTarget) => void }) {
  const { data, error, isLoading, mutate } = useNewsList();
  const [adding, setAdding] = useState(false);

  let body;
  if (isLoading) body = <LoadingState message={ADMIN_NEWS_TEXT.loading} />;
  else if (error || !data) body = <ErrorState message={ADMIN_NEWS_TEXT.loadFailed} onRetry={() => void mutate()} retryLabel={ADMIN_NEWS_TEXT.retry} />;
  else if (data.length === 0)
    body = (
      <EmptyState icon="news" title={NEWS_TAB_TEXT.empty}>
        <span>{NEWS_TAB_TEXT.emptyHint}</span>
      </EmptyState>
    );
  else
    body = (
      <List aria-label={NEWS_TAB_TEXT.listLabel}>
        {data.map((item) => (
          <Row key={item.id}>
            {item.imageUrl ? <Thumb src={imageCandidates(item.imageUrl)[0]} alt="" loading="lazy" /> : <NoThumb aria-hidden><Icon name="news" /></NoThumb>}
            <Text>
              <h3>{item.title}</h3>
              <Meta>
                <Pill $tone={item.type === 'update' ? 'neutral' : item.type === 'event' ? 'primary' : 'amber'}>{NEWS_TAB_TEXT.types[item.type]}</Pill>
                {item.imageUrl ? (
                  <Pill>
                    <Icon name="image" size={12} />
                    {NEWS_TAB_TEXT.withImage}
                  </Pill>
                ) : null}
              </Meta>
              <Meta>
                <time dateTime={item.createdAt}>{thaiDateTime(item.createdAt)}</time>
              </Meta>
            </Text>
            <IconButton aria-label={NEWS_TAB_TEXT.deleteLabel(item.title)} onClick={() => onDelete({ kind: 'news', id: item.id })}>
              <Icon name="trash" size={18} color={theme.color.danger} />
            </IconButton>
          </Row>
        ))}
      </List>
    );

  return (
    <>
      <Button $block onClick={() => setAdding(true)}>
        <Icon name="plus" size={18} />
        {NEWS_TAB_TEXT.add}
      </Button>
      <Body>{body}</Body>
      <AddNewsDialog open={adding} onClose={() => setAdding(false)} />
    </>
  );
}

const Thumb = styled.img`
  flex: none;
  width: 56px;
  height: 42px;
  object-fit: cover;
  border-radius: ${theme.radius.sm};
  background: ${theme.color.surface2};
`;

const NoThumb = styled.span`
  flex: none;
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 56px;
  height: 42px;
  border-radius: ${theme.radius.sm};
  background: ${theme.color.surface2};
  color: ${theme.color.faint};
`;
