import type { ComponentType } from 'react';
import { Route, Routes } from 'react-router-dom';
import type { AdminPage } from '@lakorn/ui';
import { AdminNewsPage } from './features/admin-news/components/AdminNewsPage';
import { DailyCoinSettingsPage } from './features/daily-coins/components/DailyCoinSettingsPage';
import { PaymentSettingsPage } from './features/payment-settings/components/PaymentSettingsPage';
import { PromoCodesPage } from './features/promo-codes/components/PromoCodesPage';
import { RegistrationBonusPage } from './features/registration-bonus/components/RegistrationBonusPage';
import { RequireRole, type AdminRole } from './shared/RequireRole';

/**
 * mf-admin owns the five /admin/* pages (spec §2 route table). The shell loads it only for those
 * who may use them; each page checks the session again (RequireRole) and the services decide.
 * The payment switch and the registration bonus are the owner's (ARCHITECTURE §5).
 */
// spec §2 route table: each admin page, who may use it, and its no-access wording's key.
const PAGES: Array<{ path: string; role: AdminRole; page: AdminPage; Screen: ComponentType }> = [
  { path: '/admin/news', role: 'admin', page: 'news', Screen: AdminNewsPage },
  { path: '/admin/daily-coin-settings', role: 'admin', page: 'daily-coin-settings', Screen: DailyCoinSettingsPage },
  { path: '/admin/payment-settings', role: 'owner', page: 'payment-settings', Screen: PaymentSettingsPage },
  { path: '/admin/promo-codes', role: 'admin', page: 'promo-codes', Screen: PromoCodesPage },
  { path: '/admin/registration-bonus', role: 'owner', page: 'registration-bonus', Screen: RegistrationBonusPage },
];

export default function App() {
  return (
    <Routes>
      {PAGES.map(({ path, role, page, Screen }) => (
        <Route
          key={path}
          path={path}
          element={
            <RequireRole role={role} page={page}>
              <Screen />
            </RequireRole>
          }
        />
      ))}
    </Routes>
  );
}
