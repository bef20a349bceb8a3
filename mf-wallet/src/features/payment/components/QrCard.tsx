import { useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import { TIMERS, type PaymentQr } from '@lakorn/contracts/web';
import { copyText, useToast } from '@lakorn/shell-sdk';
import { Button, Card, formatThaiDate, Icon, IconButton, Muted, SectionTitle, theme } from '@lakorn/ui';
import { bahtAmount } from '../../../shared/coinPackages';
import { PAYMENT_TEXT } from '../messages';
import { qrSources, saveQr } from '../saveQr';

const Frame = styled.div`
  display: flex;
  align-items: center;
  justify-content: center;
  width: min(260px, 100%);
  aspect-ratio: 1;
  margin: 4px auto 14px;
  padding: 12px;
  border-radius: ${theme.radius.md};
  /* A QR reads best dark on white, whatever the theme. */
  background: #ffffff;
  img { width: 100%; height: 100%; object-fit: contain; }
`;

const Failed = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: 10px;
  text-align: center;
  color: ${theme.color.danger};
  font-size: ${theme.font.size.sm};
  margin-bottom: 14px;
`;

const Placeholder = styled.div`
  display: flex;
  align-items: center;
  justify-content: center;
  width: 160px;
  height: 160px;
  border-radius: ${theme.radius.md};
  background: ${theme.color.surface2};
  color: ${theme.color.faint};
`;

const AmountRow = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 10px;
  padding: 10px 12px;
  border-radius: ${theme.radius.md};
  background: ${theme.color.surface2};
  span { color: ${theme.color.muted}; font-size: ${theme.font.size.sm}; }
  strong { font-size: ${theme.font.size.xl}; font-variant-numeric: tabular-nums; }
  div { display: flex; align-items: center; gap: 6px; }
`;

export interface QrCardProps {
  qr: PaymentQr;
  /** Names the saved picture. */
  paymentId: string;
  priceThb: number;
  expiresAt: string;
  /** Make a new payment (a new QR) after a load failure. */
  onRetry: () => void;
}

/**
 * spec §2: the QR, the amount (copyable; the check icon resets after 3 s) and the 1-hour expiry;
 * and a button that saves the QR as a picture (README "Saving the QR").
 */
export function QrCard({ qr, paymentId, priceThb, expiresAt, onRetry }: QrCardProps) {
  const { toast } = useToast();
  const sources = qrSources(qr);
  const [sourceIndex, setSourceIndex] = useState(0);
  const [copied, setCopied] = useState(false);
  const [saving, setSaving] = useState(false);
  const reset = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => clearTimeout(reset.current ?? undefined), []);

  const src = sources[sourceIndex];
  const copy = async () => {
    try {
      await copyText(bahtAmount(priceThb));
    } catch (error) {
      console.error('copying the amount failed', error);
      return;
    }
    setCopied(true);
    clearTimeout(reset.current ?? undefined);
    reset.current = setTimeout(() => setCopied(false), TIMERS.copiedReset);
  };

  const save = async () => {
    setSaving(true);
    try {
      const outcome = await saveQr(qr, paymentId);
      if (outcome === 'downloaded') toast({ title: PAYMENT_TEXT.savedQr, description: PAYMENT_TEXT.savedQrHint, variant: 'success' });
    } catch (error) {
      console.error('saving the QR failed', error);
      toast({ title: PAYMENT_TEXT.saveQrFailed, description: PAYMENT_TEXT.saveQrFailedHint, variant: 'destructive' });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card aria-labelledby="wallet-qr-title">
      <SectionTitle id="wallet-qr-title">{PAYMENT_TEXT.qrTitle}</SectionTitle>
      {src ? (
        <>
          <Frame>
            <img src={src} alt={PAYMENT_TEXT.qrAlt} onError={() => setSourceIndex((i) => i + 1)} />
          </Frame>
          <Button $variant="secondary" $block disabled={saving} onClick={() => void save()} style={{ marginBottom: 14 }}>
            <Icon name="image" size={18} />
            {saving ? PAYMENT_TEXT.savingQr : PAYMENT_TEXT.saveQr}
          </Button>
        </>
      ) : (
        <Failed role="alert">
          <Placeholder aria-hidden>
            <Icon name="qr" size={64} />
          </Placeholder>
          <span>{PAYMENT_TEXT.qrFailed}</span>
          <Button $variant="secondary" $size="sm" onClick={onRetry}>
            <Icon name="refresh" size={16} />
            {PAYMENT_TEXT.retry}
          </Button>
        </Failed>
      )}
      <AmountRow>
        <span>{PAYMENT_TEXT.amountLabel}</span>
        <div>
          <strong>
            {bahtAmount(priceThb)} {PAYMENT_TEXT.baht}
          </strong>
          <IconButton $tone="surface" $size={36} aria-label={copied ? PAYMENT_TEXT.copied : PAYMENT_TEXT.copyAmount} onClick={() => void copy()}>
            <Icon name={copied ? 'check' : 'copy'} size={18} />
          </IconButton>
        </div>
      </AmountRow>
      <Muted style={{ marginTop: 10, textAlign: 'center' }}>{PAYMENT_TEXT.expiry(formatThaiDate(expiresAt, 'HH:mm'))}</Muted>
    </Card>
  );
}
