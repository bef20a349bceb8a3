import type { ReactNode } from 'react';
import styled from 'styled-components';
import { theme } from '../theme';
import { Button } from './Button';
import { Icon, type IconName } from './Icon';

const Box = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: 10px;
  text-align: center;
  padding: 32px 20px;
  color: ${theme.color.muted};
  font-size: ${theme.font.size.sm};
`;

const Glyph = styled.span<{ $tone: 'muted' | 'danger' }>`
  display: inline-flex;
  width: 52px;
  height: 52px;
  align-items: center;
  justify-content: center;
  border-radius: 50%;
  background: ${(p) => (p.$tone === 'danger' ? theme.color.dangerBg : theme.color.surface2)};
  color: ${(p) => (p.$tone === 'danger' ? theme.color.danger : theme.color.muted)};
`;

const Heading = styled.p`
  margin: 0;
  color: ${theme.color.text};
  font-weight: 600;
  font-size: ${theme.font.size.md};
`;

export function EmptyState({ icon = 'sparkles', title, children }: { icon?: IconName; title: ReactNode; children?: ReactNode }) {
  return (
    <Box>
      <Glyph $tone="muted">
        <Icon name={icon} size={24} />
      </Glyph>
      <Heading>{title}</Heading>
      {children}
    </Box>
  );
}

/** A failure with its message and, when given, a retry button. */
export function ErrorState({ message, onRetry, retryLabel = 'ลองอีกครั้ง' }: { message: ReactNode; onRetry?: () => void; retryLabel?: string }) {
  return (
    <Box role="alert">
      <Glyph $tone="danger">
        <Icon name="alert" size={24} />
      </Glyph>
      <Heading>{message}</Heading>
      {onRetry ? (
        <Button $variant="secondary" onClick={onRetry}>
          <Icon name="refresh" size={16} />
          {retryLabel}
        </Button>
      ) : null}
    </Box>
  );
}
