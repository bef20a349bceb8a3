import { useNavigate } from 'react-router-dom';
import { useSession } from '@lakorn/shell-sdk';
import { Button, Icon, Page, PageHeader } from '@lakorn/ui';
import { CheckInSection } from '../features/checkin/components/CheckInSection';
import { LatestNews } from '../features/news/components/LatestNews';
import { NewsCarousel } from '../features/news/components/NewsCarousel';
import { pageMessages as m } from './messages';

/**
 * /news (spec §2): header, the news carousel, the daily check-in (today's panel first, so its
 * button is on screen without scrolling, then the month calendar) and the latest news.
 */
export function NewsPage() {
  const { profile } = useSession();
  const navigate = useNavigate();
  return (
    <Page>
      <PageHeader
        title={m.title}
        actions={
          profile?.isAdmin ? (
            <Button $size="sm" $variant="secondary" onClick={() => navigate('/admin/news')}>
              <Icon name="shield" size={16} />
              {m.admin}
            </Button>
          ) : null
        }
      />
      <NewsCarousel />
      <CheckInSection />
      <LatestNews />
    </Page>
  );
}
