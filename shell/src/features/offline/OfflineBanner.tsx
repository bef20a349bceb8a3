import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import styled from 'styled-components';
import { useOnline } from '@lakorn/shell-sdk';
import { Icon, theme, VisuallyHidden } from '@lakorn/ui';
import { isBottomNavVisible } from '../../routing/routes';

export const OFFLINE_TEXT = 'ออฟไลน์อยู่ แอปจะโหลดต่อเองเมื่อกลับมาออนไลน์';
export const OFFLINE_SHORT = 'ออฟไลน์';
/** Under a header (no tabs: a chat), the banner shrinks to a small pill after this, off the first lines. */
const SHRINK_AFTER_MS = 4000;

// Above the bottom navigation where it shows; else under the page's header (HeaderBar, 60 px),
// clear of a chat's composer, shrinking to a pill at the right after a moment so the first lines
// show. Never over the header or the tabs.
const Bar = styled.div<{ $top: boolean; $small: boolean }>`
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
  ${(p) => (p.$small ? 'width: auto; left: auto; right: 12px; transform: none; padding: 4px 10px; border-radius: 999px;' : '')}
`;

/**
 * While the browser is offline (README "Refinements of the spec"): the member stays signed in, the
 * page keeps what it showed, and reads and chunks are asked again when the network returns.
 */
export function OfflineBanner() {
  const online = useOnline();
  const { pathname } = useLocation();
  const top = !isBottomNavVisible(pathname);
  const [small, setSmall] = useState(false);
  useEffect(() => {
    setSmall(false);
    if (online || !top) return;
    const timer = setTimeout(() => setSmall(true), SHRINK_AFTER_MS);
    return () => clearTimeout(timer);
  }, [online, top]);
  if (online) return null;
  return (
    <Bar role="status" $top={top} $small={small} data-testid="offline-banner">
      <Icon name="alert" size={16} />
      {small ? (
        <>
          <span aria-hidden>{OFFLINE_SHORT}</span>
          <VisuallyHidden>{OFFLINE_TEXT}</VisuallyHidden>
        </>
      ) : (
        <span>{OFFLINE_TEXT}</span>
      )}
    </Bar>
  );
}
