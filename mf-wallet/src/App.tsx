import { Route, Routes } from 'react-router-dom';
import { PromptPayPage } from './features/payment/components/PromptPayPage';
import { TransactionsPage } from './features/transactions/components/TransactionsPage';

/** mf-wallet owns /transactions and /payment/promptpay/{packageId} (spec §2 route table). */
export default function App() {
  return (
    <Routes>
      <Route path="/transactions" element={<TransactionsPage />} />
      <Route path="/payment/promptpay/:packageId" element={<PromptPayPage />} />
      {/* Other paths are other remotes' (the shell mounts them): nothing here, and no router warning. */}
      <Route path="*" element={null} />
    </Routes>
  );
}
