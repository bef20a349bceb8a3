import styled from 'styled-components';
import { theme } from '@lakorn/ui';

/** A news title that opens its item in full: looks like the heading it sits in. */
export const OpenButton = styled.button`
  all: unset;
  cursor: pointer;
  &:focus-visible { outline: 2px solid ${theme.color.primary}; outline-offset: 2px; border-radius: 4px; }
`;
