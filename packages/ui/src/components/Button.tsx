import styled, { css } from 'styled-components';
import { theme } from '../theme';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';

const variants = {
  primary: css`
    background: ${theme.color.primaryFill};
    color: ${theme.color.primaryText};
    &:hover:not(:disabled) { background: ${theme.color.primaryHover}; }
  `,
  secondary: css`
    background: ${theme.color.surface3};
    color: ${theme.color.text};
    border-color: ${theme.color.border};
    &:hover:not(:disabled) { background: ${theme.color.border}; }
  `,
  ghost: css`
    background: transparent;
    color: ${theme.color.text};
    &:hover:not(:disabled) { background: ${theme.color.surface2}; }
  `,
  danger: css`
    background: ${theme.color.dangerFill};
    color: #fff;
    &:hover:not(:disabled) { filter: brightness(0.92); }
  `,
};

export const Button = styled.button.attrs<{ type?: string }>((p) => ({ type: p.type ?? 'button' }))<{
  $variant?: ButtonVariant;
  $block?: boolean;
  $size?: 'sm' | 'md' | 'lg';
}>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: 8px;
  min-height: ${(p) => (p.$size === 'sm' ? '34px' : p.$size === 'lg' ? '52px' : '44px')};
  padding: 0 ${(p) => (p.$size === 'sm' ? '12px' : '18px')};
  font-size: ${(p) => (p.$size === 'sm' ? theme.font.size.sm : theme.font.size.md)};
  font-weight: 600;
  border-radius: ${theme.radius.md};
  border: 1px solid transparent;
  width: ${(p) => (p.$block ? '100%' : 'auto')};
  transition: background 120ms ease, opacity 120ms ease;
  white-space: nowrap;
  ${(p) => variants[p.$variant ?? 'primary']}
  &:disabled { opacity: 0.45; }
`;

/** A round icon-only button; always give it an aria-label. */
export const IconButton = styled.button.attrs<{ type?: string }>((p) => ({ type: p.type ?? 'button' }))<{
  $size?: number;
  $tone?: 'plain' | 'surface' | 'primary';
}>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  flex: none;
  width: ${(p) => p.$size ?? 40}px;
  height: ${(p) => p.$size ?? 40}px;
  border-radius: ${theme.radius.pill};
  border: none;
  color: ${(p) => (p.$tone === 'primary' ? theme.color.primaryText : theme.color.text)};
  background: ${(p) =>
    p.$tone === 'primary' ? theme.color.primaryFill : p.$tone === 'surface' ? theme.color.surface2 : 'transparent'};
  &:hover:not(:disabled) { background: ${(p) => (p.$tone === 'primary' ? theme.color.primaryHover : theme.color.surface3)}; }
  &:disabled { opacity: 0.4; }
`;
