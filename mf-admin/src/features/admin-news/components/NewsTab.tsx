import styled from 'styled-components';
import { Icon, IconButton, Pill, imageCandidates, imageSrcSet, thaiDateTime, theme } from '@lakorn/ui';
import { useNewsList } from '../api';
import { NEWS_TAB_TEXT } from '../messages';
import { AddNewsDialog } from './AddNewsDialog';
import type { DeleteTarget } from './DeleteDialog';
import { ListTab } from './ListTab';
import { Meta, Row, Text } from './rows';

/** spec §2 Admin news, News tab: the add-news dialog and the list (title, date, type label, delete icon). */
export function NewsTab({ onDelete }: { onDelete: (target: DeleteTarget) => void }) {
  return (
    <ListTab
      query={useNewsList()}
      text={NEWS_TAB_TEXT}
      emptyIcon="news"
      dialog={(open, onClose) => <AddNewsDialog open={open} onClose={onClose} />}
      row={(item) => (
        <Row key={item.id}>
          {item.imageUrl ? <Thumb src={imageCandidates(item.imageUrl)[0]} srcSet={imageSrcSet(item.imageUrl)} sizes={`${THUMB_WIDTH}px`} alt="" loading="lazy" /> : <NoThumb aria-hidden><Icon name="news" /></NoThumb>}
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
      )}
    />
  );
}

/** A news row's thumbnail width (px), which its picture is drawn at. */
const THUMB_WIDTH = 56;

const Thumb = styled.img`
  flex: none;
  width: ${THUMB_WIDTH}px;
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
