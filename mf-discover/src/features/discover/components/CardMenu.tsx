import { useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import type { CharacterSummary } from '@lakorn/contracts/web';
import { REPORT_TEXT, ReportCharacterDialog } from '@lakorn/shell-sdk';
import { Icon, IconButton, MenuItem as Item, MenuPanel, useMenu } from '@lakorn/ui';
import { DISCOVER_TEXT } from '../messages';

const Wrap = styled.div`
  position: relative;
`;

// Opens upwards inside the card (the card clips what leaves it) and right-aligned to the button.
const Menu = styled(MenuPanel)`
  right: 0;
  bottom: calc(100% + 4px);
  z-index: 2;
  width: max-content;
  max-width: 160px;
  padding: 4px;
`;

/**
 * A card's options: report the character (catalog README "Moderation and the age gate"). The report
 * dialog is the house's (shell-sdk), shared with the chat room and the character sheet; after it
 * the discover lists are fetched again and the card is gone for this member.
 */
export function CardMenu({ character }: { character: Pick<CharacterSummary, 'id' | 'name'> }) {
  const [open, setOpen] = useState(false);
  const [reporting, setReporting] = useState(false);
  const navigate = useNavigate();
  const wrap = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  useMenu(open, () => setOpen(false), wrap, button);

  return (
    <Wrap ref={wrap}>
      <IconButton ref={button} type="button" $size={36} aria-label={DISCOVER_TEXT.cardOptions(character.name)} aria-haspopup="menu" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
        <Icon name="moreVertical" size={18} />
      </IconButton>
      {open ? (
        <Menu role="menu" aria-label={DISCOVER_TEXT.cardOptions(character.name)}>
          {/* The character's sheet (/c/{id}: its likes and share link); tapping the card still starts a chat (spec §2). */}
          <Item role="menuitem" onClick={() => navigate(`/c/${encodeURIComponent(character.id)}`)}>
            <Icon name="user" size={16} />
            {DISCOVER_TEXT.viewCharacter}
          </Item>
          <Item
            role="menuitem"
            $danger
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
