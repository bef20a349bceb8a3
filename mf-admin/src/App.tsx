import type { ComponentType } from 'react';
import { Route, Routes } from 'react-router-dom';
import { ADMIN_PAGES, type AdminPage } from '@lakorn/contracts/web';
import { AdminNewsPage } from './features/admin-news/components/AdminNewsPage';
import { DailyCoinSettingsPage } from './features/daily-coins/components/DailyCoinSettingsPage';
import { ModerationPage } from './features/moderation/components/ModerationPage';
import { PaymentSettingsPage } from './features/payment-settings/components/PaymentSettingsPage';
import { PromoCodesPage } from './features/promo-codes/components/PromoCodesPage';
import { RegistrationBonusPage } from './features/registration-bonus/components/RegistrationBonusPage';
import { RequireRole } from './shared/RequireRole';

/**
 * mf-admin owns the /admin/* pages (spec §2 route table, and the moderation page). The shell loads it only for those
 * who may use them; each page checks the session again (RequireRole) and the services decide.
 * The payment switch and the registration bonus are the owner's (ARCHITECTURE §5).
 */
// The screen of each admin page; its path and who may use it come from ADMIN_PAGES (spec §2 route table).
const SCREENS: Record<AdminPage, ComponentType> = {
  news: AdminNewsPage,
  'daily-coin-settings': DailyCoinSettingsPage,
  'payment-settings': PaymentSettingsPage,
  'promo-codes': PromoCodesPage,
  'registration-bonus': RegistrationBonusPage,
  moderation: ModerationPage,
};

export default function App() {
  return (
    <Routes>
      {ADMIN_PAGES.map(({ path, role, page }) => {
        const Screen = SCREENS[page];
        return (
          <Route
            key={path}
            path={path}
            element={
              <RequireRole role={role} page={page}>
                <Screen />
              </RequireRole>
            }
          />
        );
      })}
      {/* Other paths are other remotes' (the shell mounts them): nothing here, and no router warning. */}
      <Route path="*" element={null} />
    </Routes>
  );
}
