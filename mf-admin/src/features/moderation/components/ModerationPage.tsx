import { useNavigate, useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { Page, PageHeader, Tabs } from '@lakorn/ui';
import { MODERATION_TEXT } from '../messages';
import { AuditLog } from './AuditLog';
import { CharacterModeration } from './CharacterModeration';
import { ReportQueue } from './ReportQueue';

type TabId = 'reports' | 'character' | 'audit';
const TABS: ReadonlyArray<{ id: TabId; label: string }> = [
  { id: 'reports', label: MODERATION_TEXT.tabReports },
  { id: 'character', label: MODERATION_TEXT.tabCharacter },
  { id: 'audit', label: MODERATION_TEXT.tabAudit },
];

const Panel = styled.div`
  margin-top: 14px;
`;

/**
 * /admin/moderation (catalog README "Moderation and the age gate"): the queue of reports
 * with hide and dismiss, the direct controls of one character (hidden; 18+ following spicy,
 * always or never) and the audit log. The tab and the character are kept in the URL
 * (?tab=character&id=…), so a report's "manage" opens the controls and a reload stays there.
 */
export function ModerationPage() {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const tab: TabId = asked === 'character' || asked === 'audit' ? asked : 'reports';
  const characterId = params.get('id');

  const manage = (id: string) => setParams({ tab: 'character', id });

  return (
    <Page>
      <PageHeader title={MODERATION_TEXT.title} onBack={() => navigate('/profile')} backLabel={MODERATION_TEXT.back} />
      <Tabs tabs={TABS} value={tab} label={MODERATION_TEXT.tabsLabel} onChange={(id) => setParams(id === 'reports' ? {} : { tab: id }, { replace: true })} />
      <Panel role="tabpanel" aria-label={TABS.find((t) => t.id === tab)?.label}>
        {tab === 'reports' ? <ReportQueue onManage={manage} /> : null}
        {tab === 'character' ? <CharacterModeration characterId={characterId} onLookup={(id) => setParams({ tab: 'character', id }, { replace: true })} /> : null}
        {tab === 'audit' ? <AuditLog /> : null}
      </Panel>
    </Page>
  );
}
