import { useRef, useState, type CSSProperties, type ReactNode, type TouchEvent } from 'react';
import styled, { css, keyframes } from 'styled-components';
import type { Message } from '@lakorn/contracts/web';
import { formatThaiDate, Icon, Pill, theme } from '@lakorn/ui';
import { CHAT_TEXT } from '../messages';
import { narrationSegments } from '../narration';
import { MessageMenu, type MessageAction } from './MessageMenu';

const Row = styled.li<{ $mine: boolean }>`
  display: flex;
  flex-direction: column;
  align-items: ${(p) => (p.$mine ? 'flex-end' : 'flex-start')};
  gap: 4px;
`;

const arrive = keyframes`
  from { opacity: 0.3; transform: translateX(var(--swipe-from, 0)); }
  to { opacity: 1; transform: none; }
`;

const Line = styled.div<{ $mine: boolean }>`
  display: flex;
  flex-direction: ${(p) => (p.$mine ? 'row-reverse' : 'row')};
  align-items: flex-end;
  gap: 2px;
  /* The row's full width, so the bubble's 82% is of the screen's column, its menu button beside it;
     the menu opens below it (MessageMenu). */
  position: relative;
  width: 100%;
`;

const Bubble = styled.div<{ $mine: boolean; $temp: boolean }>`
  max-width: 82%;
  /* A long press opens the message's menu, not the browser's text selection callout. */
  -webkit-touch-callout: none;
  /* Another answer slides in from the side it was swiped from; still under reduced motion. */
  @media (prefers-reduced-motion: no-preference) {
    &[data-swiped] { animation: ${arrive} 180ms ease-out; }
  }
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

/** A horizontal move this long (and longer than it is tall) is a swipe; spec §9 uses 50 px for toasts too. */
export const SWIPE_PX = 50;
/** A touch held this long without moving opens the message's menu. */
export const LONG_PRESS_MS = 500;
const STILL_PX = 10;

export interface MessageBubbleProps {
  message: Message;
  /** The text shown instead of `content`: another alternative, or another answer as it streams. */
  text?: string;
  /** The message's menu (edit, rewind, branch, pin); absent for messages not stored yet. */
  actions?: MessageAction[];
  pinned?: boolean;
  /** Under the bubble: the answers' arrows, counter and the button for another answer. */
  switcher?: ReactNode;
  /** A swipe on the bubble: -1 to the previous answer (finger moves right), +1 to the next. */
  onSwipe?: (step: -1 | 1) => void;
  /** Beside the time: the thumbs of a character's reply (chat README "Ratings"). */
  rating?: ReactNode;
}

/**
 * A message bubble with its HH:mm time (spec §2); offline replies are labelled (ARCHITECTURE §7).
 * On a phone a long press opens its menu and a horizontal swipe flips the latest reply's answers.
 */
export function MessageBubble({ message, text, actions, pinned = false, switcher, onSwipe, rating }: MessageBubbleProps) {
  const mine = message.isUser;
  const temp = message.id.startsWith('temp-');
  const [menuOpen, setMenuOpen] = useState(false);
  const [swiped, setSwiped] = useState<{ step: -1 | 1; n: number } | null>(null);
  const touch = useRef<{ x: number; y: number; timer: ReturnType<typeof setTimeout> | null; pressed: boolean } | null>(null);

  const endPress = () => {
    if (touch.current?.timer) clearTimeout(touch.current.timer);
    if (touch.current) touch.current.timer = null;
  };
  const onTouchStart = (e: TouchEvent) => {
    const t = e.touches[0];
    if (!t || e.touches.length > 1) return;
    endPress();
    touch.current = { x: t.clientX, y: t.clientY, pressed: false, timer: null };
    if (actions && actions.length > 0) {
      const started = touch.current;
      started.timer = setTimeout(() => {
        started.pressed = true;
        started.timer = null;
        setMenuOpen(true);
      }, LONG_PRESS_MS);
    }
  };
  const onTouchMove = (e: TouchEvent) => {
    const t = e.touches[0];
    if (t && touch.current && Math.hypot(t.clientX - touch.current.x, t.clientY - touch.current.y) > STILL_PX) endPress();
  };
  const onTouchEnd = (e: TouchEvent) => {
    endPress();
    const start = touch.current;
    touch.current = null;
    const t = e.changedTouches[0];
    if (!start || !t || start.pressed || !onSwipe) return;
    const dx = t.clientX - start.x;
    const dy = t.clientY - start.y;
    if (Math.abs(dx) < SWIPE_PX || Math.abs(dx) <= Math.abs(dy)) return;
    // A finger moving left brings the next answer in from the right, like turning a page.
    const step = dx < 0 ? 1 : -1;
    setSwiped((s) => ({ step, n: (s?.n ?? 0) + 1 }));
    onSwipe(step);
  };

  return (
    <Row $mine={mine} data-message-id={message.id}>
      <Line $mine={mine}>
        <Bubble
          $mine={mine}
          $temp={temp}
          key={swiped ? `swiped-${swiped.n}` : 'still'}
          data-swiped={swiped ? '' : undefined}
          style={swiped ? ({ '--swipe-from': `${swiped.step * 24}px` } as CSSProperties) : undefined}
          onTouchStart={onTouchStart}
          onTouchMove={onTouchMove}
          onTouchEnd={onTouchEnd}
          onTouchCancel={endPress}
          onContextMenu={(e) => {
            // A long press on Android (and a right click) asks for a context menu: ours.
            if (!actions || actions.length === 0) return;
            e.preventDefault();
            setMenuOpen(true);
          }}
        >
          <MessageText text={text ?? message.content} mine={mine} />
        </Bubble>
        {actions && actions.length > 0 ? <MessageMenu open={menuOpen} onOpenChange={setMenuOpen} actions={actions} mine={mine} /> : null}
      </Line>
      {switcher}
      <Meta>
        {pinned ? (
          <Pill $tone="amber">
            <Icon name="pin" size={12} />
            {CHAT_TEXT.pinned}
          </Pill>
        ) : null}
        {mine && message.persona?.name ? <span>{CHAT_TEXT.asPersona(message.persona.name)}</span> : null}
        <time dateTime={message.timestamp}>{formatThaiDate(message.timestamp, 'HH:mm')}</time>
        {message.edited ? <span>{CHAT_TEXT.edited}</span> : null}
        {message.offline ? (
          <Pill $tone="amber" title={CHAT_TEXT.offlineTitle}>
            {CHAT_TEXT.offline}
          </Pill>
        ) : null}
        {rating}
      </Meta>
    </Row>
  );
}
