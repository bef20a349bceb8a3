import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import styled from 'styled-components';
import { ALTERNATIVES_MAX, messageCost, messagePaidRoom, type Chat, type ChatBlock, type Message, type MessagePersona } from '@lakorn/contracts/web';
import { ReportCharacterDialog, useProfile, useToast } from '@lakorn/shell-sdk';
import { Button, ConfirmDialog, EmptyState, ErrorState, Icon, LoadingState, Spinner, theme } from '@lakorn/ui';
import { MemoryDialog } from '../../memory';
import { PERSONA_TEXT, PersonaPicker, saveChatPersona, useChatPersona, usePersonas } from '../../personas';
import { deleteChat } from '../api';
import { CHAT_TEXT } from '../messages';
import { useAnswerChoice } from '../useAnswerChoice';
import { useMessageActions } from '../useMessageActions';
import { useMessageHistory } from '../useMessageHistory';
import { useOpenChat } from '../useOpenChat';
import { useRatings } from '../useRatings';
import { useSend } from '../useSend';
import { AnswerSwitcher } from './AnswerSwitcher';
import { BlockedNotice } from './BlockedNotice';
import { ChatHeader } from './ChatHeader';
import { Composer } from './Composer';
import { EditMessageDialog } from './EditMessageDialog';
import { MessageBubble } from './MessageBubble';
import { RatingThumbs } from './RatingThumbs';
import type { MessageAction } from './MessageMenu';
import { TypingIndicator } from './TypingIndicator';

// One phone-high column: the header, the messages (the only part that scrolls) and the composer.
// The newest message is at the scroller's bottom edge, right above the composer, so scrolling to
// the end shows it whole instead of under the sticky persona row.
const Screen = styled.main`
  display: flex;
  flex-direction: column;
  height: 100dvh;
`;

const Viewport = styled.div`
  position: relative;
  flex: 1;
  min-height: 0;
  display: flex;
  flex-direction: column;
`;

const Scroller = styled.div`
  flex: 1;
  min-height: 0;
  overflow-y: auto;
  overscroll-behavior: contain;
  /* The reading position is kept by hand when older pages are put in front (not every engine anchors). */
  overflow-anchor: none;
`;

const List = styled.ol`
  list-style: none;
  margin: 0;
  padding: 16px 12px 20px;
  display: flex;
  flex-direction: column;
  gap: 14px;
`;

const Older = styled.div`
  display: flex;
  align-items: center;
  justify-content: center;
  gap: 10px;
  min-height: 52px;
  padding: 12px 12px 0;
  color: ${theme.color.muted};
  font-size: ${theme.font.size.sm};
  text-align: center;
`;

const JumpToNewest = styled(Button)`
  position: absolute;
  left: 50%;
  bottom: 12px;
  transform: translateX(-50%);
  z-index: 4;
  box-shadow: ${theme.shadow};
`;

/** Within this many pixels of an edge counts as at it (a finger rarely lands exactly on it). */
export const EDGE_PX = 80;

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

  if (state.status === 'loading') return <LoadingState message={CHAT_TEXT.loading} fullPage />;
  if (state.status === 'failed') {
    return (
      <Centre>
        <ErrorState message={CHAT_TEXT.notFound} />
        <div style={{ display: 'flex', justifyContent: 'center' }}>
          <Button $variant="secondary" onClick={() => navigate('/library')}>
            {CHAT_TEXT.backToLibrary}
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
  const history = useMessageHistory(chat.id);
  const personas = usePersonas(profile.id);
  const saved = useChatPersona(chat.id);
  const [personaId, setPersonaId] = useState<string | null>(null);
  const [text, setText] = useState('');
  const [memoryOpen, setMemoryOpen] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const scroller = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const [showJump, setShowJump] = useState(false);
  // Hidden or 18+ (chat README "Hidden and 18+ characters"): as the chat was loaded, or learnt from
  // a refused send.
  const [block, setBlock] = useState<ChatBlock | null>(chat.blocked ?? null);
  const [reporting, setReporting] = useState(false);

  // spec §4: the persona saved for the chat is loaded and preselected.
  useEffect(() => {
    if (saved.data) setPersonaId(saved.data.personaId);
  }, [saved.data]);

  const personaRef = useMemo<MessagePersona | null>(() => {
    const p = (personas.data ?? []).find((x) => x.id === personaId);
    return p ? { id: p.id, name: p.name, profileUrl: p.profileUrl } : null;
  }, [personas.data, personaId]);

  const { temporary, pending, waiting, streaming, another, send, regenerate, stop } = useSend({
    chatId: chat.id,
    persona: { id: personaRef ? personaId : null, ref: personaRef },
    refreshMessages: history.refresh,
    setText,
    onBlocked: setBlock,
  });
  const choice = useAnswerChoice(history.replace);
  const ratings = useRatings(history.replace);
  const actions = useMessageActions({ chatId: chat.id, userId: profile.id, replace: history.replace, refresh: history.refresh });

  const shown = useMemo(() => [...history.messages, ...temporary.filter((m) => m.content !== '')], [history.messages, temporary]);
  const typing = pending && waiting;

  // The chat's latest stored message, when it is the character's: its answers can be flipped, and
  // when it answers the member's message another answer can be asked for at that message's price.
  // The chat's first message with nothing before it is the greeting: its alternatives are free.
  const stored = history.messages;
  const latest = temporary.length === 0 ? stored[stored.length - 1] : undefined;
  const latestReply = latest && !latest.isUser ? latest : undefined;
  const answered = latestReply ? stored[stored.length - 2] : undefined;
  const isGreeting = latestReply !== undefined && answered === undefined && !history.hasOlder;
  const streamingAnother = latestReply && another?.replyId === latestReply.id ? another.content : null;

  /** The text a message shows: another answer streaming into it, or its chosen alternative. */
  const textOf = (m: Message): string => {
    if (m === latestReply && streamingAnother !== null) return streamingAnother;
    return m.alternatives?.[choice.indexOf(m)] ?? m.content;
  };

  const askAnother = (reply: Message, price: number) => {
    choice.forget(reply.id);
    atBottom.current = true;
    setShowJump(false);
    void regenerate(reply.id, price);
  };

  const switcherOf = (m: Message) => {
    if (m !== latestReply) return undefined;
    const count = m.alternatives?.length ?? 1;
    const price = answered?.isUser ? messageCost(answered.content) : null;
    if (count < 2 && price === null) return undefined;
    // While another answer streams it is shown as the newest, one past the others.
    const streamingIt = streamingAnother !== null;
    return (
      <AnswerSwitcher
        index={streamingIt ? count : choice.indexOf(m)}
        count={streamingIt ? count + 1 : count}
        greeting={isGreeting}
        disabled={pending}
        onShow={(index) => void choice.show(m, index)}
        another={price === null || block ? undefined : { price, full: count >= ALTERNATIVES_MAX, max: ALTERNATIVES_MAX, onAsk: () => askAnother(m, price), short: profile.coins < price }}
      />
    );
  };

  const actionsOf = (m: Message, at: number): MessageAction[] | undefined => {
    if (m.id.startsWith('temp-') || pending || block) return undefined;
    return [
      { label: CHAT_TEXT.edit, icon: 'edit', onSelect: () => actions.startEdit(m, textOf(m)) },
      { label: CHAT_TEXT.branch, icon: 'branch', onSelect: () => void actions.branch(m) },
      { label: actions.isPinned(m) ? CHAT_TEXT.unpin : CHAT_TEXT.pin, icon: 'pin', onSelect: () => void actions.togglePin(m) },
      { label: CHAT_TEXT.rewind, icon: 'rewind', danger: true, onSelect: () => actions.startRewind({ message: m, count: stored.length - at }) },
    ];
  };

  // After each render: older messages put in front keep what the reader sees where it was; new
  // messages at the end (a reply, its streamed pieces, the typing dots) are scrolled into view when
  // the reader is at the end, else a "newest" control appears.
  const seen = useRef({ first: undefined as string | undefined, last: '', height: 0 });
  const firstId = shown[0]?.id;
  const lastMessage = shown[shown.length - 1];
  const lastKey = `${lastMessage?.id ?? ''}:${lastMessage ? textOf(lastMessage).length : 0}:${typing}:${pending}`;
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const before = seen.current;
    const grewInFront = before.first !== undefined && firstId !== before.first && shown.some((m) => m.id === before.first);
    if (grewInFront) el.scrollTop += el.scrollHeight - before.height;
    if (lastKey !== before.last) {
      if (atBottom.current) el.scrollTop = el.scrollHeight;
      else if (before.last !== '') setShowJump(true);
    }
    seen.current = { first: firstId, last: lastKey, height: el.scrollHeight };
  }, [firstId, lastKey, shown]);

  const { hasOlder, older } = history;
  // The height older messages are measured against: taken when they are asked for, because
  // images and the web font can change it after the last render.
  const loadOlder = () => {
    if (scroller.current) seen.current.height = scroller.current.scrollHeight;
    void history.loadOlder();
  };
  const onScroll = () => {
    const el = scroller.current;
    if (!el) return;
    atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight <= EDGE_PX;
    if (atBottom.current) setShowJump(false);
    if (el.scrollTop <= EDGE_PX && hasOlder && older === 'idle') loadOlder();
  };

  const jumpToNewest = () => {
    const el = scroller.current;
    atBottom.current = true;
    setShowJump(false);
    if (el) el.scrollTop = el.scrollHeight;
  };

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
      toast({ title: CHAT_TEXT.deleted, variant: 'success' });
      navigate('/library');
    } catch {
      toast({ title: CHAT_TEXT.deleteFailedTitle, description: CHAT_TEXT.deleteFailed, variant: 'destructive' });
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
        onReport={() => setReporting(true)}
      />
      <Viewport>
        <Scroller ref={scroller} onScroll={onScroll} data-testid="message-scroller">
          {history.error ? <ErrorState message={CHAT_TEXT.messagesFailed} onRetry={() => void history.refresh()} /> : null}
          {!history.loaded && !history.error ? <LoadingState /> : null}
          {history.loaded && shown.length === 0 ? <EmptyState icon="chat" title={CHAT_TEXT.emptyChat} /> : null}
          {older === 'loading' ? (
            <Older>
              <Spinner $size={20} />
              <span>{CHAT_TEXT.olderLoading}</span>
            </Older>
          ) : older === 'failed' ? (
            <Older>
              <span>{CHAT_TEXT.olderFailed}</span>
              <Button $size="sm" $variant="secondary" onClick={loadOlder}>
                {CHAT_TEXT.retry}
              </Button>
            </Older>
          ) : hasOlder ? (
            <Older>
              <Button $size="sm" $variant="ghost" onClick={loadOlder}>
                <Icon name="arrowUp" size={16} />
                {CHAT_TEXT.olderShow}
              </Button>
            </Older>
          ) : history.pagedBack ? (
            <Older>{CHAT_TEXT.conversationStart}</Older>
          ) : null}
          <List aria-label={CHAT_TEXT.messagesLabel} aria-live="polite" aria-busy={pending || older === 'loading'}>
            {shown.map((m, at) => (
              <MessageBubble
                key={m.id}
                message={m}
                text={textOf(m)}
                actions={actionsOf(m, at)}
                pinned={actions.isPinned(m)}
                switcher={switcherOf(m)}
                onSwipe={m === latestReply && (m.alternatives?.length ?? 1) > 1 && !pending ? (step) => void choice.show(m, choice.indexOf(m) + step) : undefined}
                rating={!m.isUser && !m.id.startsWith('temp-') ? <RatingThumbs value={ratings.ratingOf(m)} onRate={(thumb) => void ratings.rate(m, thumb)} /> : undefined}
              />
            ))}
            {typing ? <TypingIndicator name={chat.character.name} /> : null}
          </List>
        </Scroller>
        {showJump ? (
          <JumpToNewest $size="sm" onClick={jumpToNewest}>
            <Icon name="arrowDown" size={16} />
            {CHAT_TEXT.jumpToNewest}
          </JumpToNewest>
        ) : null}
      </Viewport>
      {block ? (
        <BlockedNotice block={block} />
      ) : (
        <Composer
          text={text}
          onText={setText}
          coins={profile.coins}
          pending={pending}
          streaming={streaming}
          onStop={stop}
          onSend={() => {
            // Your own message is always shown: the view goes to the end with it.
            atBottom.current = true;
            setShowJump(false);
            void send(text);
          }}
          picker={<PersonaPicker personas={personas.data ?? []} value={personaRef ? personaId : null} onChange={(p) => void choosePersona(p)} disabled={pending} />}
        />
      )}
      {reporting ? <ReportCharacterDialog open character={chat.character} onClose={() => setReporting(false)} /> : null}
      <MemoryDialog chatId={chat.id} characterName={chat.character.name} open={memoryOpen} onClose={() => setMemoryOpen(false)} />
      <EditMessageDialog original={actions.editing?.text ?? null} paid={actions.editing ? messagePaidRoom(actions.editing.message) : 0} busy={actions.saving} onSave={(content, cost) => void actions.saveEdit(content, cost)} onClose={actions.cancelEdit} />
      <ConfirmDialog
        open={actions.rewinding !== null}
        title={CHAT_TEXT.rewindTitle}
        message={CHAT_TEXT.rewindMessage(actions.rewinding?.count ?? 0)}
        confirmLabel={CHAT_TEXT.rewindConfirm(actions.rewinding?.count ?? 0)}
        busy={actions.removing}
        busyLabel={CHAT_TEXT.rewinding}
        onConfirm={() => void actions.confirmRewind()}
        onCancel={actions.cancelRewind}
      />
      <ConfirmDialog
        open={confirmDelete}
        title={CHAT_TEXT.confirmDeleteTitle}
        message={CHAT_TEXT.confirmDeleteMessage}
        confirmLabel={CHAT_TEXT.confirmDelete}
        busy={deleting}
        busyLabel={CHAT_TEXT.deleting}
        onConfirm={() => void remove()}
        onCancel={() => setConfirmDelete(false)}
      />
    </Screen>
  );
}
