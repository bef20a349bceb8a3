import { useEffect, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import { createPortal } from 'react-dom';
import styled from 'styled-components';
import { TOAST } from '@lakorn/contracts/web';
import { theme } from '../theme';
import { IconButton } from './Button';
import { KEEP_LIVE_ATTRIBUTE } from './Dialog';
import { Icon } from './Icon';

export interface ToastView {
  id: string;
  title: string;
  description?: string;
  variant: 'default' | 'destructive' | 'success';
}

// Below the page's header (HeaderBar, 60 px) and the phone's notch: a toast never covers the
// title or the back button it may be about.
const Region = styled.section`
  position: fixed;
  z-index: 100;
  top: calc(env(safe-area-inset-top, 0px) + 60px);
  left: 0;
  right: 0;
  display: flex;
  justify-content: center;
  padding: 12px;
  pointer-events: none;
  outline: none;
  @media (min-width: 768px) {
    left: auto;
    max-width: ${TOAST.maxWidthPx}px;
    width: 100%;
  }
  ol { list-style: none; margin: 0; padding: 0; width: 100%; max-width: 456px; }
`;

const Item = styled.li<{ $variant: ToastView['variant'] }>`
  pointer-events: auto;
  display: flex;
  align-items: flex-start;
  gap: 10px;
  padding: 12px 12px 12px 16px;
  border-radius: ${theme.radius.md};
  box-shadow: ${theme.shadow};
  touch-action: pan-y;
  transition: transform 150ms ease, opacity 150ms ease;
  @media (prefers-reduced-motion: reduce) { transition: none; }
  border: 1px solid
    ${(p) => (p.$variant === 'destructive' ? theme.color.danger : p.$variant === 'success' ? theme.color.success : theme.color.border)};
  background: ${(p) =>
    p.$variant === 'destructive' ? '#3a1518' : p.$variant === 'success' ? '#10291f' : theme.color.surface2};
`;

const Text = styled.div`
  flex: 1;
  min-width: 0;
  strong { display: block; font-size: ${theme.font.size.sm}; font-weight: 700; }
  /* A description may hold a second line (a failed send says what came back). */
  span { display: block; font-size: ${theme.font.size.sm}; color: ${theme.color.muted}; margin-top: 2px; white-space: pre-line; }
`;

function Toast({ toast, onDismiss }: { toast: ToastView; onDismiss: (id: string) => void }) {
  const ref = useRef<HTMLLIElement>(null);
  const start = useRef<number | null>(null);

  // spec §9: a swipe of 50 px to the right dismisses.
  const onPointerDown = (e: ReactPointerEvent) => {
    start.current = e.clientX;
  };
  const onPointerMove = (e: ReactPointerEvent) => {
    if (start.current === null || !ref.current) return;
    const dx = Math.max(0, e.clientX - start.current);
    ref.current.style.transform = `translateX(${dx}px)`;
    ref.current.style.opacity = String(Math.max(0.3, 1 - dx / 200));
  };
  const onPointerUp = (e: ReactPointerEvent) => {
    if (start.current === null) return;
    const dx = e.clientX - start.current;
    start.current = null;
    if (dx >= TOAST.swipeThresholdPx) onDismiss(toast.id);
    else if (ref.current) {
      ref.current.style.transform = '';
      ref.current.style.opacity = '';
    }
  };

  return (
    <Item
      ref={ref}
      $variant={toast.variant}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerUp}
      data-testid="toast"
    >
      <Text>
        <strong>{toast.title}</strong>
        {toast.description ? <span>{toast.description}</span> : null}
      </Text>
      <IconButton aria-label="ปิดการแจ้งเตือน" $size={28} onClick={() => onDismiss(toast.id)}>
        <Icon name="close" size={16} />
      </IconButton>
    </Item>
  );
}

export interface ToastViewportProps {
  toasts: ToastView[];
  onDismiss: (id: string) => void;
  /** Told true while the pointer is over the toasts or focus is in them, false after: the provider's countdown stops meanwhile. */
  onHold?: (held: boolean) => void;
}

/**
 * Where toasts show; F8 moves focus here (spec §9). One polite live region announces each toast
 * without interrupting (a failure is read after what the reader is saying). It lives directly in
 * <body>, outside the page a dialog makes inert, so toasts raised from a dialog stay announced and
 * dismissible.
 */
export function ToastViewport({ toasts, onDismiss, onHold }: ToastViewportProps) {
  const region = useRef<HTMLElement>(null);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const holding = hovered || focused;
  useEffect(() => {
    onHold?.(holding);
  }, [holding, onHold]);
  // The pointer leaves with the toast it dismissed: nothing is held once nothing shows.
  useEffect(() => {
    if (toasts.length === 0) setHovered(false);
  }, [toasts.length]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === TOAST.hotkey) {
        e.preventDefault();
        region.current?.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
  return createPortal(
    <Region
      ref={region}
      tabIndex={-1}
      aria-label={`การแจ้งเตือน (${TOAST.hotkey})`}
      {...{ [KEEP_LIVE_ATTRIBUTE]: '' }}
      onPointerOver={(e) => setHovered(e.target !== e.currentTarget)}
      onPointerLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      <ol aria-live="polite" aria-relevant="additions text">
        {toasts.map((t) => (
          <Toast key={t.id} toast={t} onDismiss={onDismiss} />
        ))}
      </ol>
    </Region>,
    document.body,
  );
}
