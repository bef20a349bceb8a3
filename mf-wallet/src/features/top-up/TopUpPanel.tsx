import { useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { Card, EmptyState, ErrorState, formatCoins, Icon, LoadingState, Muted, Pill, SectionTitle, theme, ThaiText } from '@lakorn/ui';
import { bahtPrice, PACKAGE_NAMES, PACKAGES } from '../../shared/coinPackages';
import { coinsText, SHARED_TEXT } from '../../shared/messages';
import { usePaymentSystemStatus } from '../../shared/paymentSystem';
import { TOP_UP_TEXT } from './messages';

const Grid = styled.ul`
  list-style: none;
  margin: 12px 0 0;
  padding: 0;
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: 10px;
`;

const PackageButton = styled.button`
  position: relative;
  width: 100%;
  display: flex;
  flex-direction: column;
  align-items: flex-start;
  gap: 4px;
  padding: 14px 12px 12px;
  border-radius: ${theme.radius.md};
  border: 1px solid ${theme.color.border};
  background: ${theme.color.surface2};
  color: ${theme.color.text};
  text-align: left;
  cursor: pointer;
  transition: border-color 120ms ease, background 120ms ease;
  &:hover, &:focus-visible { border-color: ${theme.color.amber}; background: ${theme.color.surface3}; }
`;

const Coins = styled.span`
  display: flex;
  align-items: center;
  gap: 6px;
  font-size: ${theme.font.size.lg};
  font-weight: 700;
  color: ${theme.color.amber};
  font-variant-numeric: tabular-nums;
`;

const Name = styled.span`
  font-size: ${theme.font.size.xs};
  color: ${theme.color.muted};
`;

const Price = styled.span`
  margin-top: 6px;
  font-size: ${theme.font.size.md};
  font-weight: 600;
`;

const Corner = styled.span`
  position: absolute;
  top: 8px;
  right: 8px;
`;

/**
 * Exposed as `./TopUpPanel` for the shell's /profile (spec §2): the four coin packages; choosing
 * one opens /payment/promptpay/{packageId}. With the payment system off, the contact message.
 */
export default function TopUpPanel() {
  const navigate = useNavigate();
  const { data, error, isLoading, mutate } = usePaymentSystemStatus();

  let body;
  if (isLoading) body = <LoadingState message={TOP_UP_TEXT.loading} />;
  else if (error || !data) body = <ErrorState message={SHARED_TEXT.paymentStatusFailed} onRetry={() => void mutate()} retryLabel={SHARED_TEXT.retry} />;
  else if (!data.enabled) {
    body = (
      <EmptyState icon="lock" title={SHARED_TEXT.paymentDisabledTitle}>
        <span>
          <ThaiText>{SHARED_TEXT.paymentDisabledBody}</ThaiText>
        </span>
      </EmptyState>
    );
  } else {
    body = (
      <>
        <Muted>{TOP_UP_TEXT.subtitle}</Muted>
        <Grid>
          {PACKAGES.map((pkg) => (
            <li key={pkg.id}>
              <PackageButton
                aria-label={TOP_UP_TEXT.buy(coinsText(pkg.coins), bahtPrice(pkg.priceThb))}
                onClick={() => navigate(`/payment/promptpay/${pkg.id}`)}
              >
                {pkg.id === 'xl' ? (
                  <Corner>
                    <Pill $tone="amber">{TOP_UP_TEXT.bestValue}</Pill>
                  </Corner>
                ) : null}
                <Name>{PACKAGE_NAMES[pkg.id]}</Name>
                <Coins>
                  <Icon name="sparkles" size={18} />
                  {formatCoins(pkg.coins)}
                </Coins>
                <Muted>{SHARED_TEXT.coins}</Muted>
                <Price>{bahtPrice(pkg.priceThb)}</Price>
              </PackageButton>
            </li>
          ))}
        </Grid>
      </>
    );
  }

  return (
    <Card aria-labelledby="wallet-top-up-title">
      <SectionTitle id="wallet-top-up-title">{TOP_UP_TEXT.title}</SectionTitle>
      {body}
    </Card>
  );
}
