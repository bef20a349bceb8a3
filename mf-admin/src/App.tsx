import { Route, Routes } from 'react-router-dom';
import { AdminNewsPage } from './features/admin-news/components/AdminNewsPage';
import { DailyCoinSettingsPage } from './features/daily-coins/components/DailyCoinSettingsPage';
import { PaymentSettingsPage } from './features/payment-settings/components/PaymentSettingsPage';
import { PromoCodesPage } from './features/promo-codes/components/PromoCodesPage';
import { RegistrationBonusPage } from './features/registration-bonus/components/RegistrationBonusPage';
import { RequireRole } from './shared/RequireRole';

/**
 * mf-admin owns the five /admin/* pages (spec §2 route table). The shell loads it only for those
 * who may use them; each page checks the session again (RequireRole) and the services decide.
 * The payment switch and the registration bonus are the owner's (ARCHITECTURE §5).
 */
export default function App() {
  return (
    <Routes>
      <Route
        path="/admin/news"
        element={
          <RequireRole role="admin" page="news">
            <AdminNewsPage />
          </RequireRole>
        }
      />
      <Route
        path="/admin/daily-coin-settings"
        element={
          <RequireRole role="admin" page="daily-coin-settings">
            <DailyCoinSettingsPage />
          </RequireRole>
        }
      />
      <Route
        path="/admin/payment-settings"
        element={
          <RequireRole role="owner" page="payment-settings">
            <PaymentSettingsPage />
          </RequireRole>
        }
      />
      <Route
        path="/admin/promo-codes"
        element={
          <RequireRole role="admin" page="promo-codes">
            <PromoCodesPage />
          </RequireRole>
        }
      />
      <Route
        path="/admin/registration-bonus"
        element={
          <RequireRole role="owner" page="registration-bonus">
            <RegistrationBonusPage />
          </RequireRole>
        }
      />
    </Routes>
  );
}
