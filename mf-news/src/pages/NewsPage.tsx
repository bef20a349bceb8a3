import { useNavigate } from 'react-router-dom';
import { useSession } from '@lakorn/shell-sdk';
import styled from 'styled-components';
import { Button, CoinBadge, Icon, Page, PageHeader } from '@lakorn/ui';
import { CheckInSection } from '../features/checkin/components/CheckInSection';
import { LatestNews } from '../features/news/components/LatestNews';
import { NewsCarousel } from '../features/news/components/NewsCarousel';
import { NewsDetail } from '../features/news/components/NewsDetail';
import { useOpenNews } from '../features/news/useOpenNews';
import { NEWS_PAGE_TEXT } from './messages';

/**
 * /news (spec §2): header, the news carousel, the daily check-in (today's panel first, so its
 * button is on screen without scrolling, then the month calendar) and the latest news. The header
 * also shows the coin balance, so a check-in's reward is seen arriving. A news item, from the
 * banner or the list, opens in full over the page.
 */
export function NewsPage() {
  const { profile } = useSession();
  const navigate = useNavigate();
  const news = useOpenNews();
  return (
    <Page>
      <PageHeader
        title={NEWS_PAGE_TEXT.title}
        actions={
          <Actions>
            {profile ? <CoinBadge coins={profile.coins} compact /> : null}
            {profile?.isAdmin ? (
              <Button $size="sm" $variant="secondary" onClick={() => navigate('/admin/news')}>
                <Icon name="shield" size={16} />
                {NEWS_PAGE_TEXT.admin}
              </Button>
            ) : null}
          </Actions>
        }
      />
      <NewsCarousel onOpen={news.open} />
      <CheckInSection />
      <LatestNews onOpen={news.open} />
      <NewsDetail id={news.openId} onClose={news.close} />
    </Page>
  );
}

const Actions = styled.div`
  display: flex;
  align-items: center;
  gap: 8px;
`;
