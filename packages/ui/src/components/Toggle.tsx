import styled from 'styled-components';
import { theme } from '../theme';

const Track = styled.button<{ $on: boolean }>`
  position: relative;
  flex: none;
  width: 50px;
  height: 30px;
  border-radius: ${theme.radius.pill};
  border: none;
  background: ${(p) => (p.$on ? theme.color.success : theme.color.surface3)};
  transition: background 150ms ease;
  &::after {
    content: '';
    position: absolute;
    top: 3px;
    left: ${(p) => (p.$on ? '23px' : '3px')};
    width: 24px;
    height: 24px;
    border-radius: 50%;
    background: #fff;
    transition: left 150ms ease;
  }
  &:disabled { opacity: 0.5; }
`;

export interface ToggleProps {
  checked: boolean;
  onChange: (next: boolean) => void;
  label: string;
  disabled?: boolean;
}

/** An on/off switch (role=switch) whose accessible name is `label`. */
export function Toggle({ checked, onChange, label, disabled }: ToggleProps) {
  return (
    <Track
      type="button"
      role="switch"
      aria-checked={checked}
      aria-label={label}
      $on={checked}
      disabled={disabled}
      onClick={() => onChange(!checked)}
    />
  );
}
