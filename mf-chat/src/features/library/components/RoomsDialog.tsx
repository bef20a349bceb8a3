import { useEffect, useState } from 'react';
import styled from 'styled-components';
import type { CharacterSummary, ChatSummary } from '@lakorn/contracts/web';
import { Button, Dialog, Icon, IconButton, LoadingState, Muted, theme } from '@lakorn/ui';
import { useRooms } from '../api';
import { LIBRARY_TEXT } from '../messages';
import { ConversationRow } from './ConversationRow';

// spec §2: the list is at most 300 px high.
const List = styled.ul`
  list-style: none;
  margin: 12px 0 0;
  padding: 0;
  max-height: 300px;
  overflow-y: auto;
  display: flex;
  flex-direction: column;
  gap: 2px;
`;

const RoomId = styled.span`
  margin-left: 6px;
  font-size: ${theme.font.size.xs};
  font-weight: 400;
  color: ${theme.color.faint};
  font-family: ui-monospace, monospace;
`;

const MenuWrap = styled.div`
  position: relative;
`;

const Menu = styled.div`
  position: absolute;
  right: 0;
  top: 100%;
  z-index: 5;
  min-width: 150px;
  padding: 4px;
  border-radius: ${theme.radius.md};
  background: ${theme.color.surface3};
  border: 1px solid ${theme.color.border};
  box-shadow: ${theme.shadow};
  button {
    display: flex;
    align-items: center;
    gap: 8px;
    width: 100%;
    padding: 10px 12px;
    border: none;
    border-radius: ${theme.radius.sm};
    background: none;
    color: ${theme.color.danger};
    font-size: ${theme.font.size.sm};
    text-align: left;
    cursor: pointer;
    &:hover { background: ${theme.color.surface2}; }
  }
`;

function RoomMenu({ room, onDelete }: { room: ChatSummary; onDelete: (room: ChatSummary) => void }) {
  const [open, setOpen] = useState(false);
  return (
    <MenuWrap>
      <IconButton aria-label={LIBRARY_TEXT.roomMenu(room.id)} aria-haspopup="menu" aria-expanded={open} onClick={() => setOpen((o) => !o)} $size={34}>
        <Icon name="more" size={18} />
      </IconButton>
      {open ? (
        <Menu role="menu">
          <button
            role="menuitem"
            onClick={() => {
              setOpen(false);
              onDelete(room);
            }}
          >
            <Icon name="trash" size={16} />
            {LIBRARY_TEXT.deleteRoom}
          </button>
        </Menu>
      ) : null}
    </MenuWrap>
  );
}

export interface RoomsDialogProps {
  character: CharacterSummary | null;
  onClose: () => void;
  onNewRoom: (character: CharacterSummary) => Promise<void>;
  onOpenRoom: (room: ChatSummary) => void;
  onDeleteRoom: (room: ChatSummary) => Promise<void>;
}

/** spec §2: a character's rooms: create a new one, open one, delete one through a menu. */
export function RoomsDialog({ character, onClose, onNewRoom, onOpenRoom, onDeleteRoom }: RoomsDialogProps) {
  const { data: rooms, isLoading, mutate } = useRooms(character?.id ?? null);
  const [creating, setCreating] = useState(false);
  // Rooms change in the chat screen (new rooms, last messages): read them afresh on each opening.
  useEffect(() => {
    if (character) void mutate();
  }, [character, mutate]);
  if (!character) return null;

  const create = async () => {
    setCreating(true);
    try {
      await onNewRoom(character);
    } finally {
      setCreating(false);
    }
  };

  const remove = (room: ChatSummary) => {
    // spec §5: room deletion asks a browser confirm.
    if (!window.confirm(LIBRARY_TEXT.confirmDeleteRoom)) return;
    void onDeleteRoom(room);
  };

  return (
    <Dialog open title={LIBRARY_TEXT.roomsTitle(character.name)} onClose={onClose}>
      <Button $block onClick={() => void create()} disabled={creating}>
        <Icon name="plus" size={18} />
        {creating ? LIBRARY_TEXT.creatingRoom : LIBRARY_TEXT.newRoom}
      </Button>
      {isLoading ? <LoadingState /> : null}
      {!isLoading && (rooms ?? []).length === 0 ? <Muted style={{ marginTop: 14, textAlign: 'center' }}>{LIBRARY_TEXT.noRooms}</Muted> : null}
      {(rooms ?? []).length > 0 ? (
        <List aria-label={LIBRARY_TEXT.roomsTitle(character.name)}>
          {(rooms ?? []).map((room) => (
            <ConversationRow
              key={room.id}
              title={
                <>
                  {LIBRARY_TEXT.roomLabel}
                  <RoomId>#{room.id.slice(-6)}</RoomId>
                </>
              }
              label={`${LIBRARY_TEXT.roomLabel} ${room.id}`}
              lastUpdated={room.lastUpdated}
              lastMessage={room.lastMessage}
              emptyText={LIBRARY_TEXT.noMessagesYet}
              onOpen={() => onOpenRoom(room)}
              trailing={<RoomMenu room={room} onDelete={remove} />}
            />
          ))}
        </List>
      ) : null}
    </Dialog>
  );
}
