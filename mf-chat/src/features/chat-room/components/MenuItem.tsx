import styled from 'styled-components';
import { theme } from '@lakorn/ui';

/** One row of a chat-room menu (the chat's options, a message's actions): a 44 px touch target. */
export const MenuItem = styled.button<{ $danger?: boolean }>`
  display: flex;
  align-items: center;
  gap: 10px;
  width: 100%;
  min-height: 44px;
  padding: 0 10px;
  border: none;
  border-radius: ${theme.radius.sm};
  background: none;
  color: ${(p) => (p.$danger ? theme.color.danger : theme.color.text)};
  font-size: ${theme.font.size.sm};
  text-align: left;
  cursor: pointer;
  &:hover, &:focus-visible { background: ${theme.color.surface2}; }
`;
