import { useState } from 'react';
import styled from 'styled-components';
import type { ChatSummary } from '@lakorn/contracts/web';
import { Avatar, ConfirmDialog, EmptyState, Icon, IconButton, PlainList } from '@lakorn/ui';
import { LIBRARY_TEXT } from '../messages';
import { ConversationRow } from './ConversationRow';

const List = styled(PlainList)`
  gap: 2px;
`;

export interface RecentConversationsProps {
  chats: ChatSummary[];
  onOpen: (chat: ChatSummary) => void;
  /** Resolves once the deletion is over (success or failure, the caller toasts). */
  onDelete: (chat: ChatSummary) => Promise<void>;
}

/** spec §2 'recent conversations': avatar, name, relative time, last message (50); tap opens; delete confirms. */
export function RecentConversations({ chats, onOpen, onDelete }: RecentConversationsProps) {
  const [target, setTarget] = useState<ChatSummary | null>(null);
  const [busy, setBusy] = useState(false);

  const confirm = async () => {
    if (!target) return;
    setBusy(true);
    try {
      await onDelete(target);
    } finally {
      setBusy(false);
      setTarget(null);
    }
  };

  if (chats.length === 0) {
    return (
      <EmptyState icon="chat" title={LIBRARY_TEXT.noRecent}>
        <span>{LIBRARY_TEXT.noRecentHint}</span>
      </EmptyState>
    );
  }
  return (
    <>
      <List aria-label={LIBRARY_TEXT.recent}>
        {chats.map((chat) => (
          <ConversationRow
            key={chat.id}
            leading={<Avatar src={chat.character.profileUrl} name={chat.character.name} size={48} />}
            title={chat.character.name}
            label={LIBRARY_TEXT.openConversation(chat.character.name)}
            lastUpdated={chat.lastUpdated}
            lastMessage={chat.lastMessage}
            emptyText={LIBRARY_TEXT.noMessagesYet}
            onOpen={() => onOpen(chat)}
            trailing={
              <IconButton aria-label={LIBRARY_TEXT.deleteConversation(chat.character.name)} onClick={() => setTarget(chat)} $size={36}>
                <Icon name="trash" size={18} />
              </IconButton>
            }
          />
        ))}
      </List>
      <ConfirmDialog
        open={target !== null}
        title={LIBRARY_TEXT.confirmDeleteConversationTitle}
        message={target ? LIBRARY_TEXT.confirmDeleteConversation(target.character.name) : ''}
        confirmLabel={LIBRARY_TEXT.confirmDeleteConversationButton}
        busy={busy}
        busyLabel={LIBRARY_TEXT.deleting}
        onConfirm={() => void confirm()}
        onCancel={() => setTarget(null)}
      />
    </>
  );
}
