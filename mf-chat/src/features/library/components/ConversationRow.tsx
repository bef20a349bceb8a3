import type { ReactNode } from 'react';
import styled from 'styled-components';
import { PREVIEWS } from '@lakorn/contracts/web';
import { NarrationText, relativeTime, theme } from '@lakorn/ui';

export const Row = styled.li`
  display: flex;
  align-items: center;
  gap: 8px;
  padding: 6px 4px 6px 8px;
  border-radius: ${theme.radius.md};
  &:hover { background: ${theme.color.surface2}; }
`;

const Open = styled.button`
  flex: 1;
  min-width: 0;
  display: flex;
  align-items: center;
  gap: 12px;
  padding: 6px 0;
  border: none;
  background: none;
  color: ${theme.color.text};
  text-align: left;
  cursor: pointer;
`;

const Lines = styled.span`
  flex: 1;
  min-width: 0;
  display: flex;
  flex-direction: column;
  gap: 2px;
`;

const Top = styled.span`
  display: flex;
  align-items: baseline;
  gap: 8px;
  strong { flex: 1; min-width: 0; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; font-size: ${theme.font.size.md}; }
  /* Thai marks above the last letter reach past its box: a little room keeps them whole. */
  time { flex: none; padding-right: 4px; white-space: nowrap; font-size: ${theme.font.size.xs}; color: ${theme.color.faint}; }
`;

const Last = styled.span`
  font-size: ${theme.font.size.sm};
  color: ${theme.color.muted};
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
`;

export interface ConversationRowProps {
  leading?: ReactNode;
  title: ReactNode;
  /** Accessible name of the open button. */
  label: string;
  lastUpdated: string;
  lastMessage: string;
  emptyText: string;
  onOpen: () => void;
  trailing: ReactNode;
}

/** A chat row: what it is, the relative time (spec §9) and the last message cut to 50 characters. */
export function ConversationRow({ leading, title, label, lastUpdated, lastMessage, emptyText, onOpen, trailing }: ConversationRowProps) {
  return (
    <Row>
      <Open onClick={onOpen} aria-label={label}>
        {leading}
        <Lines>
          <Top>
            <strong>{title}</strong>
            <time dateTime={lastUpdated}>{relativeTime(lastUpdated)}</time>
          </Top>
          <Last>{lastMessage.trim() ? <NarrationText text={lastMessage} max={PREVIEWS.lastMessage} /> : emptyText}</Last>
        </Lines>
      </Open>
      {trailing}
    </Row>
  );
}
