import type { ReactNode } from 'react';
import styled from 'styled-components';
import { theme } from '../theme';
import { IconButton } from './Button';
import { Icon } from './Icon';

/** A page's content column, with room for the bottom navigation when it shows. */
export const Page = styled.main<{ $withNav?: boolean }>`
  padding: 0 16px ${(p) => (p.$withNav === false ? '24px' : `calc(${theme.navHeight} + 24px)`)};
  min-height: 100dvh;
`;

/** The sticky, blurred bar a page's title sits in (PageHeader's; the chat header is one too). */
export const HeaderBar = styled.header`
  position: sticky;
  top: 0;
  z-index: 10;
  display: flex;
  align-items: center;
  gap: 8px;
  min-height: 60px;
  margin: 0 -16px 8px;
  padding: 8px 12px;
  background: rgba(15, 13, 19, 0.92);
  backdrop-filter: blur(10px);
  border-bottom: 1px solid ${theme.color.surface2};
`;

/** A header's one-line title, cut with an ellipsis. */
export const HeaderTitle = styled.h1`
  flex: 1;
  min-width: 0;
  margin: 0;
  font-size: ${theme.font.size.lg};
  font-weight: 700;
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
`;

export interface PageHeaderProps {
  title: ReactNode;
  onBack?: () => void;
  backLabel?: string;
  actions?: ReactNode;
}

export function PageHeader({ title, onBack, backLabel = 'ย้อนกลับ', actions }: PageHeaderProps) {
  return (
    <HeaderBar>
      {onBack ? (
        <IconButton aria-label={backLabel} onClick={onBack}>
          <Icon name="back" />
        </IconButton>
      ) : null}
      <HeaderTitle>{title}</HeaderTitle>
      {actions}
    </HeaderBar>
  );
}

export const Card = styled.section`
  background: ${theme.color.surface};
  border: 1px solid ${theme.color.border};
  border-radius: ${theme.radius.lg};
  padding: 16px;
  margin-bottom: 14px;
`;

export const SectionTitle = styled.h2`
  margin: 0 0 12px;
  font-size: ${theme.font.size.md};
  font-weight: 700;
`;

/** Text for screen readers only: read as part of its control's name, not drawn. */
export const VisuallyHidden = styled.span`
  position: absolute;
  width: 1px;
  height: 1px;
  margin: -1px;
  padding: 0;
  overflow: hidden;
  clip: rect(0 0 0 0);
  white-space: nowrap;
  border: 0;
`;

export const Muted = styled.p`
  margin: 0;
  color: ${theme.color.muted};
  font-size: ${theme.font.size.sm};
`;

export const Pill = styled.span<{ $tone?: 'neutral' | 'primary' | 'amber' | 'success' | 'danger' }>`
  display: inline-flex;
  align-items: center;
  gap: 4px;
  padding: 2px 10px;
  border-radius: ${theme.radius.pill};
  font-size: ${theme.font.size.xs};
  font-weight: 600;
  white-space: nowrap;
  ${(p) => {
    switch (p.$tone) {
      case 'primary':
        return `background: rgba(232,83,122,0.16); color: ${theme.color.primary};`;
      case 'amber':
        return `background: ${theme.color.amberBg}; color: ${theme.color.amber};`;
      case 'success':
        return `background: ${theme.color.successBg}; color: ${theme.color.success};`;
      case 'danger':
        return `background: ${theme.color.dangerBg}; color: ${theme.color.danger};`;
      default:
        return `background: ${theme.color.surface3}; color: ${theme.color.muted};`;
    }
  }}
`;

/** A list without bullets or indent, its items in a column `$gap` px apart (10 by default). */
export const PlainList = styled.ul<{ $gap?: number }>`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: ${(p) => p.$gap ?? 10}px;
`;
