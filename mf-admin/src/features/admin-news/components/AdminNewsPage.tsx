import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { Button, Icon, Page, PageHeader, Tabs } from '@lakorn/ui';
import { ADMIN_NEWS_TEXT } from '../messages';
import { DeleteDialog, type DeleteTarget } from './DeleteDialog';
import { NewsTab } from './NewsTab';
import { SpecialDaysTab } from './SpecialDaysTab';

type TabId = 'news' | 'special-days';
const TABS: ReadonlyArray<{ id: TabId; label: string }> = [
  { id: 'news', label: ADMIN_NEWS_TEXT.tabNews },
  { id: 'special-days', label: ADMIN_NEWS_TEXT.tabSpecialDays },
];

/**
 * /admin/news (spec §2): 'manage news' with the News and Special days tabs, a button to the coin
 * settings and back to /news. Both tabs share one delete confirmation (spec §4 Admin delete
 * dialog: opened with a target kind and id, closed after success). The tab is kept in the URL
 * (?tab=special-days) so a reload stays where the admin was.
 */
export function AdminNewsPage() {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const tab: TabId = params.get('tab') === 'special-days' ? 'special-days' : 'news';
  const [deleting, setDeleting] = useState<DeleteTarget | null>(null);

  return (
    <Page>
      <PageHeader
        title={ADMIN_NEWS_TEXT.title}
        onBack={() => navigate('/news')}
        backLabel={ADMIN_NEWS_TEXT.back}
        actions={
          <Button $size="sm" $variant="secondary" onClick={() => navigate('/admin/daily-coin-settings')}>
            <Icon name="settings" size={16} />
            {ADMIN_NEWS_TEXT.coinSettings}
          </Button>
        }
      />
      <Tabs
        tabs={TABS}
        value={tab}
        label={ADMIN_NEWS_TEXT.tabsLabel}
        onChange={(id) => setParams(id === 'news' ? {} : { tab: id }, { replace: true })}
      />
      <Panel role="tabpanel" aria-label={tab === 'news' ? ADMIN_NEWS_TEXT.tabNews : ADMIN_NEWS_TEXT.tabSpecialDays}>
        {tab === 'news' ? <NewsTab onDelete={setDeleting} /> : <SpecialDaysTab onDelete={setDeleting} />}
      </Panel>
      <DeleteDialog target={deleting} onClose={() => setDeleting(null)} />
    </Page>
  );
}

const Panel = styled.div`
  margin-top: 14px;
`;
