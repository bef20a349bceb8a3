import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { ADMIN_PAGES } from '@lakorn/contracts/web';
import { useSession, useToast } from '@lakorn/shell-sdk';
import { Avatar, Button, Card, CoinBadge, Icon, Page, PageHeader, SectionTitle, Tabs, theme } from '@lakorn/ui';
import { RemoteModule } from '../../mf/RemoteModule';
import { AgeConfirmationCard } from './AgeConfirmationCard';
import { DeleteAccountDialog } from './DeleteAccountDialog';
import { EditProfileDialog } from './EditProfileDialog';
import { SignOutEverywhereDialog } from './SignOutEverywhereDialog';
import { ADMIN_LINK_TEXT, PROFILE_TEXT } from './messages';

const Identity = styled(Card)`
  display: flex;
  flex-direction: column;
  gap: 14px;
`;

const Who = styled.div`
  display: flex;
  align-items: center;
  gap: 14px;
  min-width: 0;
  & > div { min-width: 0; }
  & > div > strong { display: block; font-size: ${theme.font.size.lg}; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
  & > div > span { display: block; color: ${theme.color.muted}; font-size: ${theme.font.size.sm}; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
`;

const Row = styled.div`
  display: flex;
  gap: 10px;
  & > * { flex: 1; }
`;

const LinkRow = styled(Link)`
  display: flex;
  align-items: center;
  gap: 12px;
  padding: 12px 4px;
  color: ${theme.color.text};
  text-decoration: none;
  border-bottom: 1px solid ${theme.color.surface3};
  &:last-child { border-bottom: none; }
  span { flex: 1; }
  svg:last-child { transform: rotate(180deg); color: ${theme.color.faint}; }
`;

const Section = styled.div`
  margin-top: 14px;
`;

type Tab = 'account' | 'personas';

/** spec §2 profile: account, coins, top-up and promo (mf-wallet), personas (mf-chat), admin links. */
export function ProfilePage() {
  const { profile, signOut } = useSession();
  const { toast } = useToast();
  const navigate = useNavigate();
  const [tab, setTab] = useState<Tab>('account');
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [loggingOut, setLoggingOut] = useState(false);
  const [endingAll, setEndingAll] = useState(false);
  if (!profile) return null;

  const jumpToTopUp = () => {
    setTab('account');
    requestAnimationFrame(() => document.getElementById('top-up')?.scrollIntoView({ behavior: 'smooth', block: 'start' }));
  };

  const logout = async () => {
    setLoggingOut(true);
    try {
      await signOut();
      navigate('/login', { replace: true });
    } catch {
      setLoggingOut(false);
      toast({ title: PROFILE_TEXT.logoutFailed, variant: 'destructive' });
    }
  };

  return (
    <Page>
      <PageHeader title={PROFILE_TEXT.title} />
      <Identity>
        <Who>
          <Avatar src={profile.profileUrl} name={profile.username} size={56} />
          <div>
            <strong>{profile.username}</strong>
            <span>{profile.email}</span>
          </div>
        </Who>
        <div style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between' }}>
          <span style={{ color: theme.color.muted, fontSize: theme.font.size.sm }}>{PROFILE_TEXT.coins}</span>
          <CoinBadge coins={profile.coins} />
        </div>
        <Row>
          <Button $variant="secondary" onClick={() => setEditing(true)}>
            <Icon name="edit" size={16} />
            {PROFILE_TEXT.editProfile}
          </Button>
          <Button onClick={jumpToTopUp}>
            <Icon name="plus" size={16} />
            {PROFILE_TEXT.topUp}
          </Button>
        </Row>
      </Identity>

      <Tabs<Tab>
        label={PROFILE_TEXT.title}
        value={tab}
        onChange={setTab}
        tabs={[
          { id: 'account', label: PROFILE_TEXT.tabAccount },
          { id: 'personas', label: PROFILE_TEXT.tabPersonas },
        ]}
      />

      {tab === 'account' ? (
        <>
          <Section id="top-up">
            <RemoteModule remote="mf_wallet" module="./TopUpPanel" />
          </Section>
          <Section>
            <RemoteModule remote="mf_wallet" module="./PromoCodePanel" />
          </Section>
          <Card>
            <LinkRow to="/transactions">
              <Icon name="calendar" />
              <span>{PROFILE_TEXT.transactions}</span>
              <Icon name="back" size={18} />
            </LinkRow>
          </Card>
          <AgeConfirmationCard />
          {profile.isAdmin ? (
            <Card aria-label={PROFILE_TEXT.adminSection}>
              <SectionTitle>{PROFILE_TEXT.adminSection}</SectionTitle>
              {ADMIN_PAGES.filter((p) => p.role === 'admin' || profile.isOwner).map((p) => (
                <LinkRow key={p.path} to={p.path}>
                  <Icon name="shield" />
                  <span>{ADMIN_LINK_TEXT[p.page]}</span>
                  <Icon name="back" size={18} />
                </LinkRow>
              ))}
            </Card>
          ) : null}
          <Row style={{ marginBottom: 14 }}>
            <Button $variant="secondary" onClick={logout} disabled={loggingOut}>
              <Icon name="logout" size={16} />
              {PROFILE_TEXT.logout}
            </Button>
            <Button $variant="ghost" style={{ color: theme.color.danger }} onClick={() => setDeleting(true)}>
              <Icon name="trash" size={16} />
              {PROFILE_TEXT.deleteAccount}
            </Button>
          </Row>
          <Button $variant="ghost" $block style={{ marginBottom: 14 }} onClick={() => setEndingAll(true)}>
            <Icon name="logout" size={16} />
            {PROFILE_TEXT.logoutEverywhere}
          </Button>
        </>
      ) : (
        <Section>
          <RemoteModule remote="mf_chat" module="./PersonasPanel" />
        </Section>
      )}

      {editing ? <EditProfileDialog open onClose={() => setEditing(false)} /> : null}
      {deleting ? <DeleteAccountDialog open onClose={() => setDeleting(false)} /> : null}
      {endingAll ? <SignOutEverywhereDialog open onClose={() => setEndingAll(false)} /> : null}
    </Page>
  );
}
