import { useRef } from 'react';
import styled from 'styled-components';
import { Icon, IconButton, MenuItem as Item, MenuPanel, useMenu, type IconName } from '@lakorn/ui';
import { CHAT_TEXT } from '../messages';

// The menu is placed against the message's row (MessageBubble's Line), not its small button, so it
// opens from the screen's side the message sits on and never leaves the screen.
const Wrap = styled.div`
  display: inline-flex;
`;

const Menu = styled(MenuPanel)<{ $mine: boolean }>`
  ${(p) => (p.$mine ? 'right: 0;' : 'left: 0;')}
  top: calc(100% + 4px);
  z-index: 20;
  width: min(240px, calc(100vw - 24px));
`;

export interface MessageAction {
  label: string;
  icon: IconName;
  danger?: boolean;
  onSelect: () => void;
}

export interface MessageMenuProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  actions: MessageAction[];
  /** The member's own messages sit on the right: the menu opens leftwards from there. */
  mine: boolean;
}

/**
 * A message's menu: its button is there for keyboard and pointer users; on a phone a long press on
 * the message opens the same menu. Arrow keys move between items, Escape closes it and gives the
 * focus back to the button.
 */
export function MessageMenu({ open, onOpenChange, actions, mine }: MessageMenuProps) {
  const wrap = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  useMenu(open, () => onOpenChange(false), wrap, button);

  return (
    <Wrap ref={wrap}>
      <IconButton ref={button} $size={32} aria-label={CHAT_TEXT.messageMenu} aria-haspopup="menu" aria-expanded={open} onClick={() => onOpenChange(!open)}>
        <Icon name="moreVertical" size={16} />
      </IconButton>
      {open ? (
        <Menu role="menu" aria-label={CHAT_TEXT.messageMenu} $mine={mine}>
          {actions.map((action) => (
            <Item
              key={action.label}
              role="menuitem"
              $danger={action.danger}
              onClick={() => {
                onOpenChange(false);
                action.onSelect();
              }}
            >
              <Icon name={action.icon} size={18} />
              {action.label}
            </Item>
          ))}
        </Menu>
      ) : null}
    </Wrap>
  );
}
