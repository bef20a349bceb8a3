import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { theme } from '@lakorn/ui';
import { COIN_TEXT, TOP_UP_PATH } from './messages';

const Note = styled.p`
  display: inline-flex;
  align-items: center;
  gap: 8px;
  margin: 6px 4px 0;
  font-size: ${theme.font.size.xs};
  color: ${theme.color.danger};
  a {
    color: ${theme.color.primary};
    font-weight: 600;
  }
`;

/**
 * Beside a paid button (another answer, a save) whose price is above the balance: says so before
 * the tap and leads to the top-up, since a disabled look alone tells nothing (chat README "Paying
 * for text that reaches the model").
 */
export function ShortOfCoins() {
  return (
    <Note>
      <span>{COIN_TEXT.short}</span>
      <Link to={TOP_UP_PATH}>{COIN_TEXT.topUp}</Link>
    </Note>
  );
}
