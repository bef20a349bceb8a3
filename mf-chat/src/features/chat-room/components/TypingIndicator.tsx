import styled, { keyframes } from 'styled-components';
import { theme } from '@lakorn/ui';
import { CHAT_TEXT } from '../messages';

const blink = keyframes`
  0%, 80%, 100% { opacity: 0.25; transform: translateY(0); }
  40% { opacity: 1; transform: translateY(-3px); }
`;

const Dots = styled.li`
  align-self: flex-start;
  display: inline-flex;
  gap: 5px;
  padding: 14px 16px;
  border-radius: ${theme.radius.lg};
  border-bottom-left-radius: 6px;
  background: ${theme.color.surface2};
  border: 1px solid ${theme.color.border};
  span {
    width: 7px;
    height: 7px;
    border-radius: 50%;
    background: ${theme.color.muted};
    animation: ${blink} 1.2s infinite ease-in-out;
  }
  span:nth-child(2) { animation-delay: 0.15s; }
  span:nth-child(3) { animation-delay: 0.3s; }
  /* Still dots instead of bouncing ones; the status text says it is typing. */
  @media (prefers-reduced-motion: reduce) {
    span { animation: none; opacity: 0.7; }
  }
`;

/** spec §2: shown while waiting for the AI reply. */
export function TypingIndicator({ name }: { name: string }) {
  return (
    <Dots role="status" aria-label={CHAT_TEXT.typing(name)}>
      <span />
      <span />
      <span />
    </Dots>
  );
}
