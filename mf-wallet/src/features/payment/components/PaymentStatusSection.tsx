import styled from 'styled-components';
import type { PaymentStatus } from '@lakorn/contracts/web';
import { Button, Card, Icon, Muted, SectionTitle, Spinner, theme } from '@lakorn/ui';
import { PAYMENT_TEXT } from '../messages';

const State = styled.div<{ $tone: 'waiting' | 'success' | 'danger' }>`
  display: flex;
  align-items: center;
  gap: 10px;
  font-weight: 600;
  color: ${(p) => (p.$tone === 'success' ? theme.color.success : p.$tone === 'danger' ? theme.color.danger : theme.color.text)};
  margin-bottom: 6px;
`;

const Simulated = styled.div`
  margin-top: 14px;
  padding: 12px;
  border-radius: ${theme.radius.md};
  border: 1px dashed ${theme.color.amber};
  background: ${theme.color.amberBg};
  display: flex;
  flex-direction: column;
  gap: 8px;
  strong { color: ${theme.color.amber}; font-size: ${theme.font.size.sm}; }
  p { margin: 0; color: ${theme.color.text}; font-size: ${theme.font.size.xs}; line-height: 1.5; }
`;

export interface PaymentStatusSectionProps {
  status: PaymentStatus | null;
  simulateAvailable: boolean;
  simulating: boolean;
  onSimulate: () => void;
  onNewQr: () => void;
}

/**
 * spec §4 payment status: 'processing' shows processing, 'succeeded' success, anything else (or
 * nothing yet) waiting. Expired and failed payments (server-side 1-hour expiry) offer a new QR; a
 * refunded one (paid after the account was deleted) says so.
 */
export function PaymentStatusSection({ status, simulateAvailable, simulating, onSimulate, onNewQr }: PaymentStatusSectionProps) {
  let state;
  if (status === 'succeeded') {
    state = (
      <>
        <State $tone="success">
          <Icon name="check" />
          {PAYMENT_TEXT.statusSucceeded}
        </State>
        <Muted>{PAYMENT_TEXT.redirecting}</Muted>
      </>
    );
  } else if (status === 'processing') {
    state = (
      <State $tone="waiting">
        <Spinner $size={18} aria-label={PAYMENT_TEXT.statusProcessing} />
        {PAYMENT_TEXT.statusProcessing}
      </State>
    );
  } else if (status === 'refunded') {
    state = (
      <State $tone="danger">
        <Icon name="alert" />
        {PAYMENT_TEXT.statusRefunded}
      </State>
    );
  } else if (status === 'expired' || status === 'failed') {
    state = (
      <>
        <State $tone="danger">
          <Icon name="alert" />
          {status === 'expired' ? PAYMENT_TEXT.statusExpired : PAYMENT_TEXT.statusFailed}
        </State>
        <Button $variant="secondary" $size="sm" onClick={onNewQr}>
          <Icon name="refresh" size={16} />
          {PAYMENT_TEXT.newQr}
        </Button>
      </>
    );
  } else {
    state = (
      <>
        <State $tone="waiting">
          <Spinner $size={18} aria-label={PAYMENT_TEXT.statusWaiting} />
          {PAYMENT_TEXT.statusWaiting}
        </State>
        <Muted>{PAYMENT_TEXT.waitingHint}</Muted>
      </>
    );
  }

  const canSimulate = simulateAvailable && (status === null || status === 'pending' || status === 'processing');
  return (
    <Card aria-labelledby="wallet-status-title">
      <SectionTitle id="wallet-status-title">{PAYMENT_TEXT.statusTitle}</SectionTitle>
      <div role="status" aria-live="polite">
        {state}
      </div>
      {canSimulate ? (
        <Simulated>
          <strong>{PAYMENT_TEXT.simulateTitle}</strong>
          <p>{PAYMENT_TEXT.simulateBody}</p>
          <Button $variant="secondary" $size="sm" onClick={onSimulate} disabled={simulating}>
            {PAYMENT_TEXT.simulate}
          </Button>
        </Simulated>
      ) : null}
    </Card>
  );
}
