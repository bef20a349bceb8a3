import { useRef, useState } from 'react';
import styled from 'styled-components';
import { GENRE_LABELS, type ChatCharacter } from '@lakorn/contracts/web';
import { Avatar, CoinBadge, HeaderBar, HeaderTitle, Icon, IconButton, MenuItem as Item, MenuPanel, theme, useMenu } from '@lakorn/ui';
import { useCreatorNotesTh } from '../creatorNotes';
import { CHAT_TEXT, CREATOR_NOTES_TEXT } from '../messages';

// The page header's bar and title, flush with the screen's edges and a size smaller.
const Bar = styled(HeaderBar)`
  margin: 0;
  padding: 8px 8px 8px 4px;
  background: rgba(15, 13, 19, 0.94);
`;

const Name = styled(HeaderTitle)`
  font-size: ${theme.font.size.md};
`;

const MenuWrap = styled.div`
  position: relative;
`;

const Menu = styled(MenuPanel)`
  right: 0;
  top: calc(100% + 6px);
  z-index: 20;
  width: min(280px, calc(100vw - 24px));
`;

const About = styled.div`
  padding: 8px 10px 10px;
  border-bottom: 1px solid ${theme.color.border};
  margin-bottom: 4px;
  strong { display: block; font-size: ${theme.font.size.md}; }
  small { display: inline-block; margin: 2px 0 6px; color: ${theme.color.amber}; font-size: ${theme.font.size.xs}; }
  p { margin: 0; color: ${theme.color.muted}; font-size: ${theme.font.size.sm}; overflow-wrap: anywhere; }
`;

/** The creator's notes can be long (a card allows 5 000 characters): they scroll inside the menu. */
const Notes = styled.section`
  margin-top: 10px;
  h2 { margin: 0 0 4px; font-size: ${theme.font.size.xs}; font-weight: 600; color: ${theme.color.text}; }
  p { max-height: 180px; overflow-y: auto; white-space: pre-line; }
`;

export interface ChatHeaderProps {
  character: ChatCharacter;
  coins: number;
  onBack: () => void;
  onManageMemory: () => void;
  onDelete: () => void;
  /** Report the character (not shown for one's own character). */
  onReport?: () => void;
}

/**
 * spec §2 chat header: back to /library, the character's avatar (image fallbacks, then the first
 * letter) and name, the coin widget, and the options dropdown (name, genre, description, 'manage
 * memory', 'delete this chat'). Beyond the spec, the details add a V3 card's Thai creator notes.
 */
export function ChatHeader({ character, coins, onBack, onManageMemory, onDelete, onReport }: ChatHeaderProps) {
  const [open, setOpen] = useState(false);
  const creatorNotes = useCreatorNotesTh(open ? character.id : null);
  const wrap = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  useMenu(open, () => setOpen(false), wrap, button);

  const choose = (action: () => void) => () => {
    setOpen(false);
    action();
  };

  return (
    <Bar>
      <IconButton aria-label={CHAT_TEXT.back} onClick={onBack}>
        <Icon name="back" />
      </IconButton>
      <Avatar src={character.profileUrl} name={character.name} size={38} />
      <Name>{character.name}</Name>
      <CoinBadge coins={coins} compact />
      <MenuWrap ref={wrap}>
        <IconButton ref={button} aria-label={CHAT_TEXT.options} aria-haspopup="menu" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
          <Icon name="more" />
        </IconButton>
        {open ? (
          <Menu role="menu" aria-label={CHAT_TEXT.options}>
            <About>
              <strong>{character.name}</strong>
              <small>{GENRE_LABELS[character.genre]}</small>
              {character.description ? <p>{character.description}</p> : null}
              {creatorNotes ? (
                <Notes aria-label={CREATOR_NOTES_TEXT.title}>
                  <h2>{CREATOR_NOTES_TEXT.title}</h2>
                  <p tabIndex={0}>{creatorNotes}</p>
                </Notes>
              ) : null}
            </About>
            <Item role="menuitem" onClick={choose(onManageMemory)}>
              <Icon name="sparkles" size={18} />
              {CHAT_TEXT.manageMemory}
            </Item>
            {onReport ? (
              <Item role="menuitem" onClick={choose(onReport)}>
                <Icon name="alert" size={18} />
                {CHAT_TEXT.report}
              </Item>
            ) : null}
            <Item role="menuitem" $danger onClick={choose(onDelete)}>
              <Icon name="trash" size={18} />
              {CHAT_TEXT.deleteChat}
            </Item>
          </Menu>
        ) : null}
      </MenuWrap>
    </Bar>
  );
}
