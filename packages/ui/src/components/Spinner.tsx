import styled, { keyframes } from 'styled-components';
import { theme } from '../theme';

const spin = keyframes`to { transform: rotate(360deg); }`;

export const Spinner = styled.span.attrs({ role: 'status', 'aria-label': 'กำลังโหลด' })<{ $size?: number }>`
  display: inline-block;
  width: ${(p) => p.$size ?? 24}px;
  height: ${(p) => p.$size ?? 24}px;
  border-radius: 50%;
  border: 3px solid ${theme.color.surface3};
  border-top-color: ${theme.color.primary};
  animation: ${spin} 0.8s linear infinite;
  flex: none;
`;

const Centre = styled.div<{ $full?: boolean }>`
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  gap: 14px;
  min-height: ${(p) => (p.$full ? '100dvh' : '160px')};
  color: ${theme.color.muted};
  font-size: ${theme.font.size.sm};
  text-align: center;
  padding: 24px;
`;

/** A centred spinner with a message: loading states of whole pages or sections. */
export function LoadingState({ message = 'กำลังโหลด...', fullPage = false }: { message?: string; fullPage?: boolean }) {
  return (
    <Centre $full={fullPage}>
      <Spinner $size={32} />
      <span>{message}</span>
    </Centre>
  );
}
