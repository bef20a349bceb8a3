import type { ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { COIN_PACKAGES } from '@lakorn/contracts/web';
import { useSession } from '@lakorn/shell-sdk';
import { Button, EmptyState, ErrorState, LoadingState, Page, PageHeader, ThaiText } from '@lakorn/ui';
import { isPackageId } from '../../../shared/coinPackages';
import { SHARED_TEXT } from '../../../shared/messages';
import { usePaymentSystemStatus } from '../../../shared/paymentSystem';
import { PAYMENT_TEXT } from '../messages';
import { usePromptPayPayment } from '../usePromptPayPayment';
import { OrderSummary } from './OrderSummary';
import { PaymentInstructions } from './PaymentInstructions';
import { PaymentStatusSection } from './PaymentStatusSection';
import { QrCard } from './QrCard';

/** The page's frame: header with back to /profile (the bottom navigation is hidden on /payment/). */
function Frame({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  return (
    <Page $withNav={false}>
      <PageHeader title={PAYMENT_TEXT.title} onBack={() => navigate('/profile')} backLabel={PAYMENT_TEXT.back} />
      {children}
    </Page>
  );
}

function BackToProfile() {
  const navigate = useNavigate();
  return (
    <Button $variant="secondary" onClick={() => navigate('/profile')}>
      {PAYMENT_TEXT.backButton}
    </Button>
  );
}

/** /payment/promptpay/{packageId} (spec §2): needs a signed-in user and a valid package key (spec §5). */
export function PromptPayPage() {
  const { profile } = useSession();
  const { packageId } = useParams();
  if (!profile) {
    return (
      <Frame>
        <EmptyState icon="lock" title={PAYMENT_TEXT.loginRequired} />
      </Frame>
    );
  }
  if (!isPackageId(packageId)) {
    return (
      <Frame>
        <EmptyState icon="alert" title={PAYMENT_TEXT.invalidPackage}>
          <BackToProfile />
        </EmptyState>
      </Frame>
    );
  }
  return <Checkout userId={profile.id} packageId={packageId} />;
}

function Checkout({ userId, packageId }: { userId: string; packageId: keyof typeof COIN_PACKAGES }) {
  const system = usePaymentSystemStatus();
  const enabled = system.data?.enabled === true;
  const { flow, retry, simulate, simulating } = usePromptPayPayment(userId, packageId, enabled);
  const pkg = COIN_PACKAGES[packageId];

  if (system.isLoading) {
    return (
      <Frame>
        <LoadingState message={PAYMENT_TEXT.checking} />
      </Frame>
    );
  }
  if (system.error || !system.data) {
    return (
      <Frame>
        <ErrorState message={SHARED_TEXT.paymentStatusFailed} onRetry={() => void system.mutate()} retryLabel={PAYMENT_TEXT.retry} />
      </Frame>
    );
  }
  if (!enabled || flow.stage === 'disabled') {
    return (
      <Frame>
        <EmptyState icon="lock" title={SHARED_TEXT.paymentDisabledTitle}>
          <span>
          <ThaiText>{SHARED_TEXT.paymentDisabledBody}</ThaiText>
        </span>
          <BackToProfile />
        </EmptyState>
      </Frame>
    );
  }
  if (flow.stage === 'creating') {
    return (
      <Frame>
        <OrderSummary packageId={packageId} coins={pkg.coins} priceThb={pkg.priceThb} />
        <LoadingState message={PAYMENT_TEXT.creating} />
      </Frame>
    );
  }
  if (flow.stage === 'create-failed') {
    return (
      <Frame>
        <OrderSummary packageId={packageId} coins={pkg.coins} priceThb={pkg.priceThb} />
        <ErrorState message={flow.message} onRetry={retry} retryLabel={PAYMENT_TEXT.retry} />
      </Frame>
    );
  }

  const { payment, status } = flow;
  return (
    <Frame>
      <OrderSummary packageId={packageId} coins={payment.package.coins} priceThb={payment.package.priceThb} />
      <QrCard key={payment.paymentIntentId} qr={payment.qr} paymentId={payment.paymentIntentId} priceThb={payment.amountThb} expiresAt={payment.expiresAt} onRetry={retry} />
      <PaymentStatusSection
        status={status}
        simulateAvailable={payment.simulateAvailable}
        simulating={simulating}
        onSimulate={() => void simulate()}
        onNewQr={retry}
      />
      <PaymentInstructions />
      <div style={{ display: 'flex', justifyContent: 'center', marginBottom: 24 }}>
        <BackToProfile />
      </div>
    </Frame>
  );
}
