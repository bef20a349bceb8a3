import { useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import { TIMERS, type PaymentQr } from '@lakorn/contracts/web';
import { copyText } from '@lakorn/shell-sdk';
import { Button, Card, formatThaiDate, Icon, IconButton, Muted, SectionTitle, theme } from '@lakorn/ui';
import { bahtAmount } from '../../../shared/coinPackages';
import { PAYMENT_TEXT } from '../messages';

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

/** SVG first, then PNG (spec §7: "SVG preferred, else PNG, else a placeholder image"). */
export function qrSources(qr: PaymentQr): string[] {
  const sources: string[] = [];
  if (qr.svg) sources.push(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(qr.svg)}`);
  if (qr.imageUrlSvg) sources.push(qr.imageUrlSvg);
  if (qr.imageUrlPng) sources.push(qr.imageUrlPng);
  return sources;
}

export interface QrCardProps {
  qr: PaymentQr;
  priceThb: number;
  expiresAt: string;
  /** Make a new payment (a new QR) after a load failure. */
  onRetry: () => void;
}

/** spec §2: the QR, the amount (copyable; the check icon resets after 3 s) and the 1-hour expiry. */
export function QrCard({ qr, priceThb, expiresAt, onRetry }: QrCardProps) {
  const sources = qrSources(qr);
  const [sourceIndex, setSourceIndex] = useState(0);
  const [copied, setCopied] = useState(false);
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

  return (
    <Card aria-labelledby="wallet-qr-title">
      <SectionTitle id="wallet-qr-title">{PAYMENT_TEXT.qrTitle}</SectionTitle>
      {src ? (
        <Frame>
          <img src={src} alt={PAYMENT_TEXT.qrAlt} onError={() => setSourceIndex((i) => i + 1)} />
        </Frame>
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
