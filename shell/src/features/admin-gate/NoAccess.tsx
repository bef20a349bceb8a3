import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { Button, Card, Icon, Page, theme } from '@lakorn/ui';

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
  svg { color: ${theme.color.amber}; }
`;

function Frame({ title, text, children }: { title: string; text?: string; children?: ReactNode }) {
  return (
    <Page>
      <Centre>
        <Inner role="alert">
          <Icon name="lock" size={36} />
          <h1>{title}</h1>
          {text ? <p>{text}</p> : null}
          {children}
        </Inner>
      </Centre>
    </Page>
  );
}

/**
 * spec §2: each admin page has its own no-access wording and way out. These render in the shell,
 * so mf-admin never downloads for someone who may not use it (issue 7 gating).
 */
export function NoAccess({ pattern }: { pattern: string }) {
  const navigate = useNavigate();
  switch (pattern) {
    case '/admin/daily-coin-settings':
      return (
        <Frame title="ไม่มีสิทธิ์เข้าถึง" text="หน้านี้สำหรับผู้ดูแลระบบเท่านั้น">
          <Link to="/">กลับหน้าหลัก</Link>
        </Frame>
      );
    case '/admin/payment-settings':
      return (
        <Frame title="ไม่มีสิทธิ์เข้าถึง" text="เฉพาะบัญชีผู้ดูแลระบบที่กำหนดไว้เท่านั้นที่ตั้งค่าระบบชำระเงินได้">
          <Button onClick={() => navigate('/')}>กลับหน้าหลัก</Button>
        </Frame>
      );
    case '/admin/promo-codes':
      return <Frame title="Admin Area - You do not have permission to access this area" />;
    case '/admin/registration-bonus':
      return (
        <Frame title="ไม่มีสิทธิ์" text="เฉพาะผู้ดูแลระบบเท่านั้นที่สามารถเข้าถึงการตั้งค่านี้ได้">
          <Button onClick={() => navigate('/')}>กลับหน้าหลัก</Button>
        </Frame>
      );
    default:
      return (
        <Frame title="ไม่มีสิทธิ์เข้าถึง" text="คุณไม่มีสิทธิ์เข้าถึงหน้านี้">
          <Button $variant="secondary" onClick={() => navigate(-1)}>
            ย้อนกลับ
          </Button>
        </Frame>
      );
  }
}
