import styled from 'styled-components';
import { formatThaiNumber } from '../numbers';
import { theme } from '../theme';

const Badge = styled.span<{ $compact?: boolean }>`
  display: inline-flex;
  align-items: center;
  gap: 6px;
  padding: ${(p) => (p.$compact ? '3px 10px' : '6px 12px')};
  border-radius: ${theme.radius.pill};
  background: ${theme.color.amberBg};
  color: ${theme.color.amber};
  font-weight: 700;
  font-size: ${theme.font.size.sm};
  font-variant-numeric: tabular-nums;
  white-space: nowrap;
`;

const Coin = styled.span`
  display: inline-block;
  width: 16px;
  height: 16px;
  border-radius: 50%;
  background: radial-gradient(circle at 35% 35%, #ffe08a, ${theme.color.amber} 60%, #c98a1a);
  box-shadow: inset 0 0 0 1.5px rgba(0, 0, 0, 0.18);
`;

export const formatCoins = formatThaiNumber;

/** The user's coin balance ("เหรียญ"). */
export function CoinBadge({ coins, compact }: { coins: number; compact?: boolean }) {
  return (
    <Badge $compact={compact} aria-label={`เหรียญ ${formatCoins(coins)}`} data-testid="coin-badge">
      <Coin aria-hidden />
      <span>{formatCoins(coins)}</span>
    </Badge>
  );
}
