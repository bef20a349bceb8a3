import { useEffect, useRef, type RefObject } from 'react';
import styled from 'styled-components';
import { theme } from '../theme';

/**
 * A dropdown menu's panel (role="menu"): the house's raised surface. Where it opens (its side,
 * its width) belongs to the one placing it, through `styled(MenuPanel)`.
 */
export const MenuPanel = styled.div`
  position: absolute;
  padding: 6px;
  border-radius: ${theme.radius.md};
  background: ${theme.color.surface3};
  border: 1px solid ${theme.color.border};
  box-shadow: ${theme.shadow};
`;

/** One row of a menu (role="menuitem"): a 44 px touch target, red when it removes or reports. */
export const MenuItem = styled.button.attrs<{ type?: string }>((p) => ({ type: p.type ?? 'button' }))<{ $danger?: boolean }>`
  display: flex;
  align-items: center;
  gap: 10px;
  width: 100%;
  min-height: 44px;
  padding: 0 10px;
  border: none;
  border-radius: ${theme.radius.sm};
  background: none;
  color: ${(p) => (p.$danger ? theme.color.danger : theme.color.text)};
  font-size: ${theme.font.size.sm};
  text-align: left;
  white-space: nowrap;
  cursor: pointer;
  &:hover, &:focus-visible { background: ${theme.color.surface2}; }
`;

/**
 * What every menu does while open (the WAI-ARIA menu button pattern): its first item takes the
 * focus; ArrowDown/ArrowUp move between its items; Escape closes it and gives the focus back to
 * its button; a press outside `container` (the button and the menu) closes it.
 */
export function useMenu(open: boolean, close: () => void, container: RefObject<HTMLElement | null>, button?: RefObject<HTMLElement | null>): void {
  // The latest `close`, so a caller's new function on each render does not re-run the opening
  // (which would take the focus back to the first item).
  const closeNow = useRef(close);
  useEffect(() => {
    closeNow.current = close;
  });
  useEffect(() => {
    if (!open) return;
    const close = () => closeNow.current();
    const items = () => Array.from(container.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);
    // A menu near the screen's bottom (under the newest message) scrolls into view whole.
    container.current?.querySelector('[role="menu"]')?.scrollIntoView?.({ block: 'nearest' });
    items()[0]?.focus({ preventScroll: true });
    const onPointerDown = (e: Event) => {
      if (!container.current?.contains(e.target as Node)) close();
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        close();
        button?.current?.focus();
      } else if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
        const list = items();
        const at = list.indexOf(document.activeElement as HTMLElement);
        if (at < 0) return;
        e.preventDefault();
        list[(at + (e.key === 'ArrowDown' ? 1 : list.length - 1)) % list.length]?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open, container, button]);
}
