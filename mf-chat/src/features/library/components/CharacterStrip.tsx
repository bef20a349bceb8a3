import styled from 'styled-components';
import { hiddenReasonLabel, MODERATION_MESSAGES, type CharacterSummary } from '@lakorn/contracts/web';
import { Avatar, Icon, IconButton, Muted, Pill, theme } from '@lakorn/ui';
import { LIBRARY_TEXT } from '../messages';

const Strip = styled.ul`
  list-style: none;
  display: flex;
  gap: 12px;
  margin: 0 -16px;
  padding: 4px 16px 12px;
  overflow-x: auto;
  scroll-snap-type: x proximity;
  scrollbar-width: none;
  &::-webkit-scrollbar { display: none; }
`;

const Card = styled.li`
  flex: none;
  width: 104px;
  scroll-snap-align: start;
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: 6px;
  padding: 12px 8px 8px;
  border-radius: ${theme.radius.lg};
  background: ${theme.color.surface};
  border: 1px solid ${theme.color.border};
`;

const Portrait = styled.button`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: 6px;
  width: 100%;
  border: none;
  background: none;
  color: ${theme.color.text};
  padding: 0;
  cursor: pointer;
  span.name {
    max-width: 100%;
    font-size: ${theme.font.size.sm};
    font-weight: 600;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
`;

const Actions = styled.div`
  display: flex;
  gap: 4px;
`;

const Add = styled.button`
  flex: none;
  width: 104px;
  min-height: 150px;
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  gap: 8px;
  border-radius: ${theme.radius.lg};
  border: 1.5px dashed ${theme.color.border};
  background: transparent;
  color: ${theme.color.muted};
  font-size: ${theme.font.size.xs};
  cursor: pointer;
  &:hover { border-color: ${theme.color.primary}; color: ${theme.color.text}; }
`;

const Empty = styled.div`
  flex: 1;
  min-width: 200px;
  align-self: center;
  p { margin: 0; }
  strong { display: block; margin-bottom: 4px; }
`;

export interface CharacterStripProps {
  characters: CharacterSummary[];
  onOptions: (character: CharacterSummary) => void;
  onStartChat: (character: CharacterSummary) => void;
  onAdd: () => void;
}

/** spec §2: one's characters in a horizontal strip, each with start-chat and options, and an add button. */
export function CharacterStrip({ characters, onOptions, onStartChat, onAdd }: CharacterStripProps) {
  return (
    <Strip aria-label={LIBRARY_TEXT.myCharacters}>
      <li style={{ flex: 'none' }}>
        <Add onClick={onAdd} aria-label={LIBRARY_TEXT.addCharacter}>
          <Icon name="plus" size={28} />
          <span aria-hidden>{LIBRARY_TEXT.addCharacter}</span>
        </Add>
      </li>
      {characters.length === 0 ? (
        <Empty as="li">
          <strong>{LIBRARY_TEXT.noCharacters}</strong>
          <Muted>{LIBRARY_TEXT.noCharactersHint}</Muted>
        </Empty>
      ) : (
        characters.map((c) => (
          <Card key={c.id}>
            <Portrait onClick={() => onOptions(c)}>
              <Avatar src={c.profileUrl} name={c.name} size={56} />
              <span className="name">{c.name}</span>
            </Portrait>
            {/* The owner still sees a character an admin hid, marked, with the reason in the options. */}
            {c.hidden ? (
              <Pill $tone="danger" title={`${MODERATION_MESSAGES.hiddenForOwner} ${hiddenReasonLabel(c.hiddenReason)}`}>
                {LIBRARY_TEXT.hidden}
              </Pill>
            ) : null}
            <Actions>
              <IconButton $size={34} $tone="primary" aria-label={LIBRARY_TEXT.startChatWith(c.name)} onClick={() => onStartChat(c)}>
                <Icon name="chat" size={16} />
              </IconButton>
              <IconButton $size={34} $tone="surface" aria-label={LIBRARY_TEXT.optionsOf(c.name)} onClick={() => onOptions(c)}>
                <Icon name="more" size={16} />
              </IconButton>
            </Actions>
          </Card>
        ))
      )}
    </Strip>
  );
}
