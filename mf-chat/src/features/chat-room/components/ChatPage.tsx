import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import styled from 'styled-components';
import type { Chat, MessagePersona } from '@lakorn/contracts/web';
import { useProfile, useToast } from '@lakorn/shell-sdk';
import { Button, ConfirmDialog, EmptyState, ErrorState, LoadingState, theme } from '@lakorn/ui';
import { MemoryDialog } from '../../memory';
import { PERSONA_TEXT, PersonaPicker, saveChatPersona, useChatPersona, usePersonas } from '../../personas';
import { deleteChat, useMessages } from '../api';
import { CHAT_TEXT as T } from '../messages';
import { useOpenChat } from '../useOpenChat';
import { useSend } from '../useSend';
import { ChatHeader } from './ChatHeader';
import { Composer } from './Composer';
import { MessageBubble } from './MessageBubble';
import { TypingIndicator } from './TypingIndicator';

const Screen = styled.main`
  display: flex;
  flex-direction: column;
  min-height: 100dvh;
`;

const List = styled.ol`
  flex: 1;
  list-style: none;
  margin: 0;
  padding: 16px 12px 20px;
  display: flex;
  flex-direction: column;
  gap: 14px;
`;

const Centre = styled.div`
  padding: 24px 16px;
  color: ${theme.color.muted};
`;

/** spec §2 /chat/{id}. */
export function ChatPage() {
  const { id = '' } = useParams();
  const profile = useProfile();
  const state = useOpenChat(id, profile.id);
  const navigate = useNavigate();

  if (state.status === 'loading') return <LoadingState message={T.loading} fullPage />;
  if (state.status === 'failed') {
    return (
      <Centre>
        <ErrorState message={T.notFound} />
        <div style={{ display: 'flex', justifyContent: 'center' }}>
          <Button $variant="secondary" onClick={() => navigate('/library')}>
            {T.backToLibrary}
          </Button>
        </div>
      </Centre>
    );
  }
  return <ChatRoom key={state.chat.id} chat={state.chat} />;
}

function ChatRoom({ chat }: { chat: Chat }) {
  const profile = useProfile();
  const navigate = useNavigate();
  const { toast } = useToast();
  const messages = useMessages(chat.id);
  const personas = usePersonas(profile.id);
  const saved = useChatPersona(chat.id);
  const [personaId, setPersonaId] = useState<string | null>(null);
  const [text, setText] = useState('');
  const [memoryOpen, setMemoryOpen] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const end = useRef<HTMLDivElement>(null);

  // spec §4: the persona saved for the chat is loaded and preselected.
  useEffect(() => {
    if (saved.data) setPersonaId(saved.data.personaId);
  }, [saved.data]);

  const personaRef = useMemo<MessagePersona | null>(() => {
    const p = (personas.data ?? []).find((x) => x.id === personaId);
    return p ? { id: p.id, name: p.name, profileUrl: p.profileUrl } : null;
  }, [personas.data, personaId]);

  const refreshMessages = useCallback(() => messages.mutate(), [messages]);
  const { temporary, pending, waiting, send } = useSend({
    chatId: chat.id,
    persona: { id: personaRef ? personaId : null, ref: personaRef },
    refreshMessages,
    setText,
  });

  const shown = [...(messages.data ?? []), ...temporary.filter((m) => m.content !== '')];
  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'end' });
  }, [shown.length, temporary]);

  const choosePersona = async (next: string | null) => {
    const previous = personaId;
    setPersonaId(next);
    try {
      // spec §4: a persona is stored on the chat; 'main identity' removes it.
      await saveChatPersona(chat.id, next);
      void saved.mutate();
    } catch {
      setPersonaId(previous);
      toast({ title: PERSONA_TEXT.pickerFailed, variant: 'destructive' });
    }
  };

  const remove = async () => {
    setDeleting(true);
    try {
      await deleteChat(chat.id);
      toast({ title: T.deleted, variant: 'success' });
      navigate('/library');
    } catch {
      toast({ title: T.deleteFailedTitle, description: T.deleteFailed, variant: 'destructive' });
      setDeleting(false);
      setConfirmDelete(false);
    }
  };

  return (
    <Screen>
      <ChatHeader
        character={chat.character}
        coins={profile.coins}
        onBack={() => navigate('/library')}
        onManageMemory={() => setMemoryOpen(true)}
        onDelete={() => setConfirmDelete(true)}
      />
      {messages.error ? <ErrorState message={T.messagesFailed} onRetry={() => void messages.mutate()} /> : null}
      {!messages.data && !messages.error ? <LoadingState /> : null}
      {messages.data && shown.length === 0 ? <EmptyState icon="chat" title={T.emptyChat} /> : null}
      <List aria-label={T.messagesLabel} aria-live="polite" aria-busy={pending}>
        {shown.map((m) => (
          <MessageBubble key={m.id} message={m} />
        ))}
        {pending && waiting ? <TypingIndicator name={chat.character.name} /> : null}
      </List>
      <div ref={end} />
      <Composer
        text={text}
        onText={setText}
        coins={profile.coins}
        pending={pending}
        onSend={() => void send(text)}
        picker={<PersonaPicker personas={personas.data ?? []} value={personaRef ? personaId : null} onChange={(p) => void choosePersona(p)} disabled={pending} />}
      />
      <MemoryDialog chatId={chat.id} open={memoryOpen} onClose={() => setMemoryOpen(false)} />
      <ConfirmDialog
        open={confirmDelete}
        title={T.confirmDeleteTitle}
        message={T.confirmDeleteMessage}
        confirmLabel={T.confirmDelete}
        busy={deleting}
        busyLabel={T.deleting}
        onConfirm={() => void remove()}
        onCancel={() => setConfirmDelete(false)}
      />
    </Screen>
  );
}
