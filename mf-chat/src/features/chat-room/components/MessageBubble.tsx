import styled, { css } from 'styled-components';
import type { Message } from '@lakorn/contracts/web';
import { formatThaiDate, Pill, theme } from '@lakorn/ui';
import { CHAT_TEXT } from '../messages';
import { narrationSegments } from '../narration';

const Row = styled.li<{ $mine: boolean }>`
  display: flex;
  flex-direction: column;
  align-items: ${(p) => (p.$mine ? 'flex-end' : 'flex-start')};
  gap: 4px;
`;

const Bubble = styled.div<{ $mine: boolean; $temp: boolean }>`
  max-width: 82%;
  padding: 10px 14px;
  border-radius: ${theme.radius.lg};
  line-height: 1.6;
  white-space: pre-wrap;
  overflow-wrap: anywhere;
  font-size: ${theme.font.size.md};
  opacity: ${(p) => (p.$temp ? 0.75 : 1)};
  ${(p) =>
    p.$mine
      ? css`
          background: ${theme.color.primaryFill};
          color: ${theme.color.primaryText};
          border-bottom-right-radius: 6px;
        `
      : css`
          background: ${theme.color.surface2};
          color: ${theme.color.text};
          border: 1px solid ${theme.color.border};
          border-bottom-left-radius: 6px;
        `}
`;

/** spec §2: narration (between asterisks) is shown apart from speech. */
const Narration = styled.em<{ $mine: boolean }>`
  font-style: italic;
  color: ${(p) => (p.$mine ? 'rgba(255, 255, 255, 0.78)' : theme.color.muted)};
`;

const Meta = styled.div`
  display: flex;
  align-items: center;
  gap: 6px;
  padding: 0 4px;
  font-size: ${theme.font.size.xs};
  color: ${theme.color.faint};
`;

export function MessageText({ text, mine }: { text: string; mine: boolean }) {
  return (
    <>
      {narrationSegments(text).map((segment, i) =>
        segment.kind === 'narration' ? (
          <Narration key={i} $mine={mine} data-kind="narration">
            {segment.text}
          </Narration>
        ) : (
          <span key={i}>{segment.text}</span>
        ),
      )}
    </>
  );
}

/** A message bubble with its HH:mm time (spec §2); offline replies are labelled (ARCHITECTURE §7). */
export function MessageBubble({ message }: { message: Message }) {
  const mine = message.isUser;
  const temp = message.id.startsWith('temp-');
  return (
    <Row $mine={mine} data-message-id={message.id}>
      <Bubble $mine={mine} $temp={temp}>
        <MessageText text={message.content} mine={mine} />
      </Bubble>
      <Meta>
        {mine && message.persona?.name ? <span>{CHAT_TEXT.asPersona(message.persona.name)}</span> : null}
        <time dateTime={message.timestamp}>{formatThaiDate(message.timestamp, 'HH:mm')}</time>
        {message.offline ? (
          <Pill $tone="amber" title={CHAT_TEXT.offlineTitle}>
            {CHAT_TEXT.offline}
          </Pill>
        ) : null}
      </Meta>
    </Row>
  );
}
