import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { useProfile, useToast } from '@lakorn/shell-sdk';
import { Card, ErrorState, Icon, LoadingState, Page, PageHeader, Pill, PlainList, theme, Toggle, ThaiText } from '@lakorn/ui';
import { useForgetQueries } from '../../../shared/queries';
import { PAYMENT_SYSTEM_STATUS_PATH, setPaymentSystem, useAdminPaymentSystem, type AdminPaymentSystem } from '../api';
import { PAYMENT_SETTINGS_TEXT } from '../messages';

/**
 * /admin/payment-settings (spec §2, §4 Payment system): the switch of the whole payment system,
 * toggled optimistically and then saved; a refused save puts it back and says 'cannot set payment
 * system' (spec §8). Owner only (ARCHITECTURE §5); the route guard shows the spinner while the
 * profile loads.
 */
export function PaymentSettingsPage() {
  const navigate = useNavigate();
  const profile = useProfile();
  const { toast } = useToast();
  const forget = useForgetQueries();
  const { data, error, isLoading, mutate } = useAdminPaymentSystem();
  /** The optimistic value while a save runs. */
  const [pending, setPending] = useState<boolean | null>(null);

  const toggle = async (next: boolean) => {
    setPending(next);
    try {
      const saved = await setPaymentSystem(next, profile.uid);
      await mutate((current) => ({ ...(current ?? { available: saved.enabled, provider: null }), enabled: saved.enabled }) as AdminPaymentSystem, {
        revalidate: true,
      });
      // The top-up panel and the payment page read the members' status query.
      void forget((key) => key === PAYMENT_SYSTEM_STATUS_PATH);
      toast({ title: saved.enabled ? PAYMENT_SETTINGS_TEXT.enabled : PAYMENT_SETTINGS_TEXT.disabled, variant: 'success' });
    } catch {
      toast({ title: PAYMENT_SETTINGS_TEXT.failed, variant: 'destructive' });
    } finally {
      setPending(null);
    }
  };

  let body;
  if (isLoading) body = <LoadingState message={PAYMENT_SETTINGS_TEXT.loading} />;
  else if (error || !data) body = <ErrorState message={PAYMENT_SETTINGS_TEXT.loadFailed} onRetry={() => void mutate()} retryLabel={PAYMENT_SETTINGS_TEXT.retry} />;
  else {
    const enabled = pending ?? data.enabled;
    body = (
      <>
        <Card>
          <SwitchRow>
            <div>
              <strong>{PAYMENT_SETTINGS_TEXT.switchLabel}</strong>
              <Pill $tone={enabled ? 'success' : 'neutral'} aria-live="polite">
                {pending !== null ? PAYMENT_SETTINGS_TEXT.saving : enabled ? PAYMENT_SETTINGS_TEXT.on : PAYMENT_SETTINGS_TEXT.off}
              </Pill>
            </div>
            <Toggle checked={enabled} onChange={(next) => void toggle(next)} label={PAYMENT_SETTINGS_TEXT.switchLabel} disabled={pending !== null} />
          </SwitchRow>
        </Card>
        <Card>
          <Explain>
            <li>
              <Icon name="check" size={16} color={theme.color.success} />
              {PAYMENT_SETTINGS_TEXT.whenOn}
            </li>
            <li>
              <Icon name="lock" size={16} color={theme.color.muted} />
              <span>
                <ThaiText>{PAYMENT_SETTINGS_TEXT.whenOff}</ThaiText>
              </span>
            </li>
            <li>
              <Icon name="alert" size={16} color={theme.color.amber} />
              {PAYMENT_SETTINGS_TEXT.caution}
            </li>
          </Explain>
          <Provider>{data.provider === 'stripe' ? PAYMENT_SETTINGS_TEXT.providerStripe : data.provider === 'simulated' ? PAYMENT_SETTINGS_TEXT.providerSimulated : PAYMENT_SETTINGS_TEXT.providerNone}</Provider>
        </Card>
      </>
    );
  }

  return (
    <Page>
      <PageHeader title={PAYMENT_SETTINGS_TEXT.title} onBack={() => navigate(-1)} backLabel={PAYMENT_SETTINGS_TEXT.back} />
      {body}
    </Page>
  );
}

const SwitchRow = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 12px;
  div { display: flex; flex-direction: column; align-items: flex-start; gap: 6px; }
  strong { font-size: ${theme.font.size.md}; }
`;

const Explain = styled(PlainList)`
  font-size: ${theme.font.size.sm};
  li { display: flex; gap: 10px; align-items: flex-start; line-height: 1.55; }
  svg { flex: none; margin-top: 3px; }
`;

const Provider = styled.p`
  margin: 14px 0 0;
  padding-top: 12px;
  border-top: 1px solid ${theme.color.border};
  font-size: ${theme.font.size.xs};
  color: ${theme.color.muted};
`;
