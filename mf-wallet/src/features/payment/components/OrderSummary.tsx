import styled from 'styled-components';
import type { CoinPackageId } from '@lakorn/contracts/web';
import { Card, SectionTitle, theme } from '@lakorn/ui';
import { bahtAmount, PACKAGE_NAMES } from '../../../shared/coinPackages';
import { coinsText } from '../../../shared/messages';
import { PAYMENT_TEXT } from '../messages';

const Rows = styled.dl`
  margin: 0;
  display: grid;
  grid-template-columns: auto 1fr;
  gap: 8px 12px;
  dt { color: ${theme.color.muted}; font-size: ${theme.font.size.sm}; }
  dd { margin: 0; text-align: right; font-weight: 600; }
  dd.coins { color: ${theme.color.amber}; }
`;

/** spec §2: package name, coins, price in THB. */
export function OrderSummary({ packageId, coins, priceThb }: { packageId: CoinPackageId; coins: number; priceThb: number }) {
  return (
    <Card aria-labelledby="wallet-order-title">
      <SectionTitle id="wallet-order-title">{PAYMENT_TEXT.summaryTitle}</SectionTitle>
      <Rows>
        <dt>{PAYMENT_TEXT.summaryPackage}</dt>
        <dd>{PACKAGE_NAMES[packageId]}</dd>
        <dt>{PAYMENT_TEXT.summaryCoins}</dt>
        <dd className="coins">{coinsText(coins)}</dd>
        <dt>{PAYMENT_TEXT.summaryPrice}</dt>
        <dd>
          {bahtAmount(priceThb)} {PAYMENT_TEXT.baht}
        </dd>
      </Rows>
    </Card>
  );
}
