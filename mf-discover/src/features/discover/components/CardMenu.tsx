import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import type { CharacterSummary } from '@lakorn/contracts/web';
import { REPORT_TEXT, ReportCharacterDialog } from '@lakorn/shell-sdk';
import { Icon, IconButton, theme } from '@lakorn/ui';
import { DISCOVER_TEXT } from '../messages';

const Wrap = styled.div`
  position: relative;
`;

// Opens upwards inside the card (the card clips what leaves it) and right-aligned to the button.
const Menu = styled.div`
  position: absolute;
  right: 0;
  bottom: calc(100% + 4px);
  z-index: 2;
  width: max-content;
  max-width: 160px;
  padding: 4px;
  border-radius: ${theme.radius.md};
  background: ${theme.color.surface3};
  border: 1px solid ${theme.color.border};
  box-shadow: ${theme.shadow};
`;

const Item = styled.button<{ $neutral?: boolean }>`
  display: flex;
  align-items: center;
  gap: 8px;
  width: 100%;
  min-height: 44px;
  padding: 0 10px;
  border: none;
  border-radius: ${theme.radius.sm};
  background: none;
  color: ${(p) => (p.$neutral ? theme.color.text : theme.color.danger)};
  font-size: ${theme.font.size.sm};
  text-align: left;
  white-space: nowrap;
  &:hover, &:focus-visible { background: ${theme.color.surface2}; }
`;

/**
 * A card's options: report the character (issue "a living catalogue", reports). The report
 * dialog is the house's (shell-sdk), shared with the chat room and the character sheet; after it
 * the discover lists are fetched again and the card is gone for this member.
 */
export function CardMenu({ character }: { character: Pick<CharacterSummary, 'id' | 'name'> }) {
  const [open, setOpen] = useState(false);
  const [reporting, setReporting] = useState(false);
  const navigate = useNavigate();
  const wrap = useRef<HTMLDivElement>(null);
  const first = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!open) return;
    first.current?.focus();
    const close = (e: Event) => {
      if (!wrap.current?.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setOpen(false);
    document.addEventListener('pointerdown', close);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', close);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    <Wrap ref={wrap}>
      <IconButton type="button" $size={36} aria-label={DISCOVER_TEXT.cardOptions(character.name)} aria-haspopup="menu" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
        <Icon name="moreVertical" size={18} />
      </IconButton>
      {open ? (
        <Menu role="menu" aria-label={DISCOVER_TEXT.cardOptions(character.name)}>
          {/* The character's sheet (/c/{id}: its likes and share link); tapping the card still starts a chat (spec §2). */}
          <Item ref={first} role="menuitem" type="button" $neutral onClick={() => navigate(`/c/${encodeURIComponent(character.id)}`)}>
            <Icon name="user" size={16} />
            {DISCOVER_TEXT.viewCharacter}
          </Item>
          <Item
            role="menuitem"
            type="button"
            onClick={() => {
              setOpen(false);
              setReporting(true);
            }}
          >
            <Icon name="alert" size={16} />
            {REPORT_TEXT.action}
          </Item>
        </Menu>
      ) : null}
      {reporting ? <ReportCharacterDialog open character={character} onClose={() => setReporting(false)} /> : null}
    </Wrap>
  );
}
