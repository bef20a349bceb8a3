import styled from 'styled-components';
import { Dialog, imageSrcSet, PAGE_WIDTH_PICTURE_SIZES, Pill, relativeTime, theme, thaiDateTime } from '@lakorn/ui';
import { useNews } from '../api';
import { NEWS_TEXT } from '../messages';

/**
 * A news item in full (mf-news README "A news item in full"): its picture, title, type, when and
 * the whole content, where the banner cuts it at 60 characters (spec §2) and the list at three
 * lines. An id that is no longer in the news says so.
 */
export function NewsDetail({ id, onClose }: { id: string | null; onClose: () => void }) {
  const { data } = useNews();
  if (!id || !data) return null;
  const item = data.find((n) => n.id === id);
  if (!item) {
    return (
      <Dialog open title={NEWS_TEXT.missingTitle} onClose={onClose} closeLabel={NEWS_TEXT.close}>
        <Body>{NEWS_TEXT.missingBody}</Body>
      </Dialog>
    );
  }
  const isUpdate = item.type === 'update';
  return (
    <Dialog open title={item.title} onClose={onClose} closeLabel={NEWS_TEXT.close}>
      {item.imageUrl ? <Picture src={item.imageUrl} srcSet={imageSrcSet(item.imageUrl)} sizes={PAGE_WIDTH_PICTURE_SIZES} alt="" /> : null}
      <Meta>
        <Pill $tone={isUpdate ? 'primary' : 'amber'}>{NEWS_TEXT.types[item.type]}</Pill>
        <time dateTime={item.createdAt} title={thaiDateTime(item.createdAt)}>
          {relativeTime(item.createdAt, { withWeeks: true })}
        </time>
      </Meta>
      <Body>{item.content}</Body>
    </Dialog>
  );
}

const Picture = styled.img`
  display: block;
  width: 100%;
  aspect-ratio: 16 / 9;
  object-fit: cover;
  margin-bottom: 12px;
  border-radius: ${theme.radius.md};
  background: ${theme.color.surface2};
`;

const Meta = styled.div`
  display: flex;
  align-items: center;
  gap: 8px;
  font-size: ${theme.font.size.xs};
  color: ${theme.color.faint};
`;

const Body = styled.p`
  margin: 12px 0 0;
  font-size: ${theme.font.size.md};
  line-height: 1.7;
  white-space: pre-line;
`;
