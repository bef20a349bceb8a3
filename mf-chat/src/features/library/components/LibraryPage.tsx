import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { CharacterSummary, ChatSummary } from '@lakorn/contracts/web';
import { useProfile, useToast } from '@lakorn/shell-sdk';
import { CoinBadge, ErrorState, LoadingState, Page, PageHeader, SectionTitle } from '@lakorn/ui';
import { createChat, deleteCharacter, deleteChat, useLibraryRefresh, useMyCharacters, useMyChats } from '../api';
import { LIBRARY_TEXT } from '../messages';
import { CharacterOptionsDialog } from './CharacterOptionsDialog';
import { CharacterStrip } from './CharacterStrip';
import { RecentConversations } from './RecentConversations';
import { RoomsDialog } from './RoomsDialog';

/** The chat service removes a deleted character's chats on its event; look again after this. */
const AFTER_DELETE_REFRESH_MS = 1500;

/** spec §2 /library: one's characters, their rooms, and the recent conversations. */
export function LibraryPage() {
  const profile = useProfile();
  const navigate = useNavigate();
  const { toast } = useToast();
  const characters = useMyCharacters(profile.id);
  const chats = useMyChats(profile.id);
  const refresh = useLibraryRefresh(profile.id);
  const [options, setOptions] = useState<CharacterSummary | null>(null);
  const [rooms, setRooms] = useState<CharacterSummary | null>(null);
  // Characters deleted here: their chats are hidden at once, before the chat service catches up.
  const [gone, setGone] = useState<ReadonlySet<string>>(new Set());
  const timers = useRef<Array<ReturnType<typeof setTimeout>>>([]);
  useEffect(() => () => timers.current.forEach(clearTimeout), []);
  // Conversations move on in the chat screen (last message, time): coming back reads them afresh.
  const reloadChats = chats.mutate;
  useEffect(() => {
    void reloadChats();
  }, [reloadChats]);

  const startChat = async (character: CharacterSummary, failure: { title: string; description?: string }) => {
    try {
      const chat = await createChat(profile.id, character.id);
      void refresh.chats();
      navigate(`/chat/${encodeURIComponent(chat.id)}`);
    } catch {
      toast({ ...failure, variant: 'destructive' });
    }
  };

  const removeCharacter = async (character: CharacterSummary): Promise<boolean> => {
    try {
      await deleteCharacter(character.id);
    } catch {
      toast({ title: LIBRARY_TEXT.deleteCharacterFailedTitle, description: LIBRARY_TEXT.deleteCharacterFailed, variant: 'destructive' });
      return false;
    }
    toast({ title: LIBRARY_TEXT.deleteCharacterSuccess, variant: 'success' });
    setGone((ids) => new Set([...ids, character.id]));
    setOptions(null);
    // spec §4: the user's characters and chats lists are refreshed.
    void refresh.characters();
    void refresh.chats();
    timers.current.push(setTimeout(() => void refresh.chats(), AFTER_DELETE_REFRESH_MS));
    return true;
  };

  const removeChat = async (chat: ChatSummary) => {
    try {
      await deleteChat(chat.id);
      toast({ title: LIBRARY_TEXT.deleteRoomSuccess, variant: 'success' });
    } catch {
      toast({ title: LIBRARY_TEXT.deleteRoomFailed, variant: 'destructive' });
    }
    void refresh.chats();
    void refresh.rooms(chat.characterId);
  };

  const visibleChats = (chats.data ?? []).filter((c) => !gone.has(c.characterId));

  return (
    <Page>
      <PageHeader title={LIBRARY_TEXT.title} actions={<CoinBadge coins={profile.coins} compact />} />

      <SectionTitle>{LIBRARY_TEXT.myCharacters}</SectionTitle>
      {characters.isLoading ? <LoadingState /> : null}
      {characters.error ? <ErrorState message={LIBRARY_TEXT.charactersFailed} onRetry={() => void characters.mutate()} /> : null}
      {!characters.isLoading && !characters.error ? (
        <CharacterStrip
          characters={(characters.data ?? []).filter((c) => !gone.has(c.id))}
          onOptions={setOptions}
          onStartChat={setRooms}
          onAdd={() => navigate('/create-character')}
        />
      ) : null}

      <SectionTitle style={{ marginTop: 12 }}>{LIBRARY_TEXT.recent}</SectionTitle>
      {chats.isLoading ? <LoadingState /> : <RecentConversations chats={visibleChats} onOpen={(c) => navigate(`/chat/${encodeURIComponent(c.id)}`)} onDelete={removeChat} />}

      <CharacterOptionsDialog
        character={options}
        onClose={() => setOptions(null)}
        onStartChat={(c) => startChat(c, { title: LIBRARY_TEXT.startFailedTitle, description: LIBRARY_TEXT.startFailed })}
        onEdit={(c) => navigate(`/edit-character/${encodeURIComponent(c.id)}`)}
        onDelete={removeCharacter}
      />
      <RoomsDialog
        character={rooms}
        onClose={() => setRooms(null)}
        onNewRoom={(c) => startChat(c, { title: LIBRARY_TEXT.createRoomFailed })}
        onOpenRoom={(room) => navigate(`/chat/${encodeURIComponent(room.id)}`)}
        onDeleteRoom={removeChat}
      />
    </Page>
  );
}
