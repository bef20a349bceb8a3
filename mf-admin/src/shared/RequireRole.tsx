import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { useSession } from '@lakorn/shell-sdk';
import { Button, Card, Icon, LoadingState, Page, theme } from '@lakorn/ui';
import { COMMON, NO_ACCESS, type AdminPage } from './messages';

export type AdminRole = 'admin' | 'owner';

/**
 * Defence in depth (issue 7): the shell already keeps non-admins (and non-owners on the owner
 * pages) away from mf-admin, and the services refuse their calls whatever happens here. Should
 * this remote be reached anyway, it still shows the page's own no-access screen (spec §2) and
 * never renders the admin screen or starts its requests.
 */
export function RequireRole({ role, page, children }: { role: AdminRole; page: AdminPage; children: ReactNode }) {
  const { status, profile } = useSession();
  if (status === 'loading') return <LoadingState message={COMMON.checkingAccess} fullPage />;
  const allowed = role === 'owner' ? profile?.isOwner === true : profile?.isAdmin === true;
  if (!allowed) return <NoAccess page={page} />;
  return <>{children}</>;
}

export function NoAccess({ page }: { page: AdminPage }) {
  const navigate = useNavigate();
  const { title, text, exit } = NO_ACCESS[page];
  return (
    <Page>
      <Centre>
        <Inner role="alert" data-testid="admin-no-access">
          <Icon name="lock" size={36} />
          <h1>{title}</h1>
          {text ? <p>{text}</p> : null}
          {exit.kind === 'back' ? (
            <Button $variant="secondary" onClick={() => navigate(-1)}>
              {exit.label}
            </Button>
          ) : exit.kind === 'home-button' ? (
            <Button onClick={() => navigate('/')}>{exit.label}</Button>
          ) : exit.kind === 'home-link' ? (
            <Link to="/">{exit.label}</Link>
          ) : null}
        </Inner>
      </Centre>
    </Page>
  );
}

const Centre = styled.div`
  min-height: 70dvh;
  display: flex;
  align-items: center;
  justify-content: center;
`;

const Inner = styled(Card)`
  width: 100%;
  text-align: center;
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: 10px;
  h1 { margin: 0; font-size: ${theme.font.size.lg}; }
  p { margin: 0; color: ${theme.color.muted}; font-size: ${theme.font.size.sm}; }
  a { color: ${theme.color.primary}; font-weight: 600; }
  svg { color: ${theme.color.amber}; }
`;
