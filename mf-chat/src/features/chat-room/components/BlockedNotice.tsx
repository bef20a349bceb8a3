import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { CHAT_BLOCK_MESSAGES, type ChatBlock } from '@lakorn/contracts/web';
import { Icon, theme } from '@lakorn/ui';
import { CHAT_TEXT } from '../messages';

const Dock = styled.div`
  position: sticky;
  bottom: 0;
  z-index: 5;
  display: flex;
  align-items: flex-start;
  gap: 10px;
  padding: 14px 16px calc(14px + env(safe-area-inset-bottom));
  background: rgba(15, 13, 19, 0.96);
  border-top: 1px solid ${theme.color.surface2};
  color: ${theme.color.muted};
  font-size: ${theme.font.size.sm};
  line-height: 1.55;
  svg { flex: none; color: ${theme.color.amber}; margin-top: 2px; }
  a { display: inline-block; margin-top: 4px; color: ${theme.color.primary}; font-weight: 600; }
`;

/**
 * In place of the input when the chat takes no more sends (chat README "Hidden and 18+
 * characters"): its character was hidden, or is 18+ and the member has not confirmed their age (the
 * profile can).
 */
export function BlockedNotice({ block }: { block: ChatBlock }) {
  return (
    <Dock role="status">
      <Icon name={block === 'hidden' ? 'lock' : 'alert'} size={18} />
      <div>
        {CHAT_BLOCK_MESSAGES[block]}
        {block === 'adult' ? (
          <>
            <br />
            <Link to="/profile">{CHAT_TEXT.confirmAgeInProfile}</Link>
          </>
        ) : null}
      </div>
    </Dock>
  );
}
