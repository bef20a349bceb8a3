import styled from 'styled-components';
import type { NewsItem } from '@lakorn/contracts/web';
import { EmptyState, ErrorState, Icon, lineClamp, LoadingState, Pill, PlainList, relativeTime, SectionTitle, theme } from '@lakorn/ui';
import { useNews } from '../api';
import { NEWS_TEXT } from '../messages';
import { OpenButton } from './OpenButton';

/**
 * spec §2: the latest-news list with relative times (spec §9: weeks under 30 days for news); a
 * tap on an item (its title is the button) opens it in full.
 */
export function LatestNews({ onOpen }: { onOpen: (id: string) => void }) {
  const { data, error, isLoading, mutate } = useNews();
  let body;
  if (error || data === null) body = <ErrorState message={NEWS_TEXT.loadFailed} onRetry={() => void mutate()} />;
  else if (isLoading || !data) body = <LoadingState />;
  else if (data.length === 0) body = <EmptyState icon="news" title={NEWS_TEXT.noNews} />;
  else
    body = (
      <PlainList>
        {data.map((item) => (
          <NewsRow key={item.id} item={item} onOpen={onOpen} />
        ))}
      </PlainList>
    );
  return (
    <Section aria-labelledby="latest-news-title">
      <SectionTitle id="latest-news-title">{NEWS_TEXT.latestTitle}</SectionTitle>
      {body}
    </Section>
  );
}

function NewsRow({ item, onOpen }: { item: NewsItem; onOpen: (id: string) => void }) {
  // spec §3: the list icon treats update differently from the other types.
  const isUpdate = item.type === 'update';
  return (
    // The whole row takes a tap; the title's button is the way in for keyboards and screen readers.
    <Row onClick={() => onOpen(item.id)}>
      <TypeIcon $update={isUpdate} aria-hidden>
        <Icon name={isUpdate ? 'refresh' : item.type === 'event' ? 'gift' : 'news'} size={18} />
      </TypeIcon>
      <Body>
        <Title>
          <OpenButton type="button" onClick={(e) => (e.stopPropagation(), onOpen(item.id))}>
            {item.title}
          </OpenButton>
        </Title>
        <Content>{item.content}</Content>
        <Meta>
          <Pill $tone={isUpdate ? 'primary' : 'amber'}>{NEWS_TEXT.types[item.type]}</Pill>
          <time dateTime={item.createdAt}>{relativeTime(item.createdAt, { withWeeks: true })}</time>
        </Meta>
      </Body>
    </Row>
  );
}

const Section = styled.section`
  margin-top: 4px;
`;


const Row = styled.li`
  cursor: pointer;
  display: flex;
  gap: 12px;
  padding: 14px;
  border-radius: ${theme.radius.lg};
  background: ${theme.color.surface};
  border: 1px solid ${theme.color.border};
`;

const TypeIcon = styled.span<{ $update: boolean }>`
  display: inline-flex;
  flex: none;
  align-items: center;
  justify-content: center;
  width: 38px;
  height: 38px;
  border-radius: 50%;
  background: ${(p) => (p.$update ? 'rgba(232, 83, 122, 0.16)' : theme.color.amberBg)};
  color: ${(p) => (p.$update ? theme.color.primary : theme.color.amber)};
`;

const Body = styled.div`
  flex: 1;
  min-width: 0;
`;

const Title = styled.h3`
  margin: 0;
  font-size: ${theme.font.size.md};
  font-weight: 700;
  line-height: 1.4;
`;

const Content = styled.p`
  margin: 4px 0 8px;
  font-size: ${theme.font.size.sm};
  color: ${theme.color.muted};
  white-space: pre-line;
  ${lineClamp(3)}
`;

const Meta = styled.div`
  display: flex;
  align-items: center;
  gap: 8px;
  font-size: ${theme.font.size.xs};
  color: ${theme.color.faint};
`;
