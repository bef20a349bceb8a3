import { NavLink, useLocation } from 'react-router-dom';
import styled from 'styled-components';
import { Icon, theme, type IconName } from '@lakorn/ui';
import { isBottomNavVisible } from '../../routing/routes';

// spec §2: four tabs — chat library, search, news, profile.
const TABS: Array<{ to: string; label: string; icon: IconName; end?: boolean }> = [
  { to: '/library', label: 'แชท', icon: 'chat' },
  { to: '/', label: 'ค้นหา', icon: 'search', end: true },
  { to: '/news', label: 'ข่าวสาร', icon: 'news' },
  { to: '/profile', label: 'โปรไฟล์', icon: 'user' },
];

const Bar = styled.nav`
  position: fixed;
  z-index: 20;
  bottom: 0;
  left: 50%;
  transform: translateX(-50%);
  width: 100%;
  max-width: ${theme.appMaxWidth};
  height: calc(${theme.navHeight} + env(safe-area-inset-bottom, 0px));
  padding-bottom: env(safe-area-inset-bottom, 0px);
  display: flex;
  background: rgba(20, 17, 26, 0.96);
  backdrop-filter: blur(12px);
  border-top: 1px solid ${theme.color.surface3};
`;

const Tab = styled(NavLink)`
  flex: 1;
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  gap: 2px;
  text-decoration: none;
  color: ${theme.color.faint};
  font-size: ${theme.font.size.xs};
  font-weight: 600;
  &.active { color: ${theme.color.primary}; }
`;

export function BottomNav() {
  const { pathname } = useLocation();
  if (!isBottomNavVisible(pathname)) return null;
  return (
    <Bar aria-label="เมนูหลัก">
      {TABS.map((tab) => (
        <Tab key={tab.to} to={tab.to} end={tab.end}>
          <Icon name={tab.icon} size={22} />
          {tab.label}
        </Tab>
      ))}
    </Bar>
  );
}
