import { Link, useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import type { AdminPage } from '@lakorn/contracts/web';
import { theme } from '../theme';
import { Button } from './Button';
import { Icon } from './Icon';
import { Card, Page } from './Layout';

type Exit = { kind: 'back'; label: string } | { kind: 'home-link'; label: string } | { kind: 'home-button'; label: string };

/**
 * spec §2: each admin page has its own no-access wording and way out. One table, shown by the
 * shell (so mf-admin never downloads for someone who may not use it) and by mf-admin itself
 * should it be reached anyway.
 */
const ADMIN_NO_ACCESS: Record<AdminPage, { title: string; text?: string; exit: Exit }> = {
  /** Admin news: a no-access message with a back button. */
  news: { title: 'ไม่มีสิทธิ์เข้าถึง', text: 'คุณไม่มีสิทธิ์เข้าถึงหน้านี้', exit: { kind: 'back', label: 'ย้อนกลับ' } },
  /** Daily coin settings: no-access with a link to /. */
  'daily-coin-settings': { title: 'ไม่มีสิทธิ์เข้าถึง', text: 'หน้านี้สำหรับผู้ดูแลระบบเท่านั้น', exit: { kind: 'home-link', label: 'กลับหน้าหลัก' } },
  /** Payment settings: only the one configured account; others get a button to the home page. */
  'payment-settings': {
    title: 'ไม่มีสิทธิ์เข้าถึง',
    text: 'เฉพาะบัญชีผู้ดูแลระบบที่กำหนดไว้เท่านั้นที่ตั้งค่าระบบชำระเงินได้',
    exit: { kind: 'home-button', label: 'กลับหน้าหลัก' },
  },
  /**
   * Promo codes: spec §2's 'Admin Area - You do not have permission to access this area', in Thai
   * and with a way back like every other page (README "Refinements of the spec").
   */
  'promo-codes': { title: 'พื้นที่ผู้ดูแลระบบ', text: 'คุณไม่มีสิทธิ์เข้าถึงพื้นที่นี้', exit: { kind: 'home-button', label: 'กลับหน้าหลัก' } },
  /** Registration bonus: 'no permission, only administrators can access this setting' with a back-home button. */
  'registration-bonus': {
    title: 'ไม่มีสิทธิ์',
    text: 'เฉพาะผู้ดูแลระบบเท่านั้นที่สามารถเข้าถึงการตั้งค่านี้ได้',
    exit: { kind: 'home-button', label: 'กลับหน้าหลัก' },
  },
  /** Moderation (beyond the spec): worded like admin news, with a back button. */
  moderation: { title: 'ไม่มีสิทธิ์เข้าถึง', text: 'หน้านี้สำหรับผู้ดูแลระบบเท่านั้น', exit: { kind: 'back', label: 'ย้อนกลับ' } },
};

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

export function AdminNoAccess({ page }: { page: AdminPage }) {
  const navigate = useNavigate();
  const { title, text, exit } = ADMIN_NO_ACCESS[page];
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
          ) : (
            <Link to="/">{exit.label}</Link>
          )}
        </Inner>
      </Centre>
    </Page>
  );
}
