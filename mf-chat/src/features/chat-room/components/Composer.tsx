import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { messageCost } from '@lakorn/contracts/web';
import { formatCoins, Icon, IconButton, theme } from '@lakorn/ui';
import { COIN_TEXT, TOP_UP_PATH } from '../../../shared/messages';
import { CHAT_TEXT } from '../messages';

const Dock = styled.div`
  position: sticky;
  bottom: 0;
  z-index: 5;
  padding: 8px 12px calc(10px + env(safe-area-inset-bottom));
  background: rgba(15, 13, 19, 0.96);
  border-top: 1px solid ${theme.color.surface2};
`;

const Info = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 10px;
  margin-bottom: 6px;
`;

const Figures = styled.div`
  flex: none;
  display: flex;
  gap: 10px;
  font-size: ${theme.font.size.xs};
  color: ${theme.color.muted};
  font-variant-numeric: tabular-nums;
  span[data-short='true'] { color: ${theme.color.danger}; }
`;

const Row = styled.form`
  display: flex;
  align-items: flex-end;
  gap: 8px;
  textarea {
    flex: 1;
    min-width: 0;
    min-height: 44px;
    max-height: 140px;
    padding: 10px 14px;
    border-radius: 22px;
    border: 1px solid ${theme.color.border};
    background: ${theme.color.surface2};
    color: ${theme.color.text};
    font-size: ${theme.font.size.md};
    line-height: 1.45;
    resize: none;
    outline: none;
    &:focus { border-color: ${theme.color.primary}; }
    &::placeholder { color: ${theme.color.faint}; }
    &:disabled { opacity: 0.6; }
  }
`;

const Warning = styled.p`
  margin: 6px 4px 0;
  font-size: ${theme.font.size.xs};
  color: ${theme.color.danger};
  a { color: ${theme.color.primary}; font-weight: 600; }
`;

/**
 * A touch keyboard's return key is the only way to start a new line there, so on a touch screen
 * (a coarse pointer) Enter writes one and the send button sends; elsewhere Enter sends.
 */
function enterSends(): boolean {
  if (typeof window.matchMedia === 'function') return !window.matchMedia('(pointer: coarse)').matches;
  return !(navigator.maxTouchPoints > 0);
}

export interface ComposerProps {
  text: string;
  onText: (text: string) => void;
  coins: number;
  pending: boolean;
  /** A reply is streaming: the send button becomes the stop button. */
  streaming: boolean;
  onStop: () => void;
  picker: ReactNode;
  onSend: () => void;
}

/**
 * spec §2/§5: the persona picker, the cost and the balance, the input and send. Send is disabled
 * when the text is blank or the balance is below its cost, with the inline warning. While a reply
 * streams, a stop button takes the send button's place.
 */
export function Composer({ text, onText, coins, pending, streaming, onStop, picker, onSend }: ComposerProps) {
  const content = text.trim();
  const cost = messageCost(content);
  const short = content !== '' && coins < cost;
  const canSend = content !== '' && !short && !pending;

  return (
    <Dock>
      <Info>
        {picker}
        <Figures>
          <span>{CHAT_TEXT.cost(cost)}</span>
          <span data-short={short}>{CHAT_TEXT.balance(formatCoins(coins))}</span>
        </Figures>
      </Info>
      <Row
        onSubmit={(e) => {
          e.preventDefault();
          onSend();
        }}
      >
        <textarea
          aria-label={CHAT_TEXT.inputLabel}
          placeholder={CHAT_TEXT.placeholder}
          value={text}
          rows={1}
          disabled={pending}
          onChange={(e) => onText(e.target.value)}
          onKeyDown={(e) => {
            // Enter sends, Shift+Enter starts a new line; on a touch keyboard Enter is the new line.
            if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing && enterSends()) {
              e.preventDefault();
              onSend();
            }
          }}
        />
        {streaming ? (
          // Stops the reply where it is: what arrived stays (the coins paid for the member's message).
          <IconButton type="button" $tone="surface" $size={44} aria-label={CHAT_TEXT.stop} onClick={onStop}>
            <Icon name="stop" size={18} filled />
          </IconButton>
        ) : (
          <IconButton type="submit" $tone="primary" $size={44} aria-label={CHAT_TEXT.send} disabled={!canSend}>
            <Icon name="send" size={20} />
          </IconButton>
        )}
      </Row>
      {short ? (
        <Warning role="alert">
          {CHAT_TEXT.notEnoughInline} <Link to={TOP_UP_PATH}>{COIN_TEXT.topUp}</Link>
        </Warning>
      ) : null}
    </Dock>
  );
}
