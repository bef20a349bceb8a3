import { useLocation } from 'react-router-dom';
import styled from 'styled-components';
import { useOnline } from '@lakorn/shell-sdk';
import { Icon, theme } from '@lakorn/ui';
import { isBottomNavVisible } from '../../routing/routes';

export const OFFLINE_TEXT = 'ออฟไลน์อยู่ แอปจะโหลดต่อเองเมื่อกลับมาออนไลน์';

// Above the bottom navigation where it shows; else under the page's header (HeaderBar, 60 px),
// clear of a chat's composer. Never over the header or the tabs.
const Bar = styled.div<{ $top: boolean }>`
  position: fixed;
  z-index: 30;
  left: 50%;
  transform: translateX(-50%);
  width: calc(100% - 24px);
  max-width: calc(${theme.appMaxWidth} - 24px);
  ${(p) =>
    p.$top
      ? 'top: calc(env(safe-area-inset-top, 0px) + 64px);'
      : `bottom: calc(${theme.navHeight} + env(safe-area-inset-bottom, 0px) + 8px);`}
  display: flex;
  align-items: center;
  gap: 8px;
  padding: 8px 12px;
  border-radius: ${theme.radius.md};
  border: 1px solid ${theme.color.amber};
  background: ${theme.color.surface2};
  color: ${theme.color.text};
  font-size: ${theme.font.size.sm};
  box-shadow: ${theme.shadow};
  pointer-events: none;
`;

/**
 * While the browser is offline (README "Refinements of the spec"): the member stays signed in, the
 * page keeps what it showed, and reads and chunks are asked again when the network returns.
 */
export function OfflineBanner() {
  const online = useOnline();
  const { pathname } = useLocation();
  if (online) return null;
  return (
    <Bar role="status" $top={!isBottomNavVisible(pathname)} data-testid="offline-banner">
      <Icon name="alert" size={16} />
      <span>{OFFLINE_TEXT}</span>
    </Bar>
  );
}
