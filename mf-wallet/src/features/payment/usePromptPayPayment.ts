import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { TIMERS, type PaymentCreated, type PaymentStatus } from '@lakorn/contracts/web';
import { useToast } from '@lakorn/shell-sdk';
import { useCoinSync } from '../../shared/coinSync';
import { walletErrorText } from '../../shared/errors';
import { coinsText } from '../../shared/messages';
import { completePayment, createPayment, fetchBalance, fetchPaymentStatus, isPaymentDisabled, simulatePayment } from './api';
import { PAYMENT_TEXT } from './messages';

export type PaymentFlow =
  | { stage: 'creating' }
  | { stage: 'disabled' }
  | { stage: 'create-failed'; message: string }
  | { stage: 'ready'; payment: PaymentCreated; status: PaymentStatus | null };

const ENDED: readonly PaymentStatus[] = ['succeeded', 'expired', 'failed', 'refunded'];

/**
 * The payment page's flow (spec §2, §4): create the PromptPay payment, poll its status every 5 s;
 * on success stop polling, complete it through the server, toast the coins added and go to
 * /profile after 3 s. `start` false waits (payment system status not known yet).
 */
export function usePromptPayPayment(userId: string, packageId: string, start: boolean) {
  const navigate = useNavigate();
  const { toast } = useToast();
  const syncCoins = useCoinSync();
  const [attempt, setAttempt] = useState(0);
  const [flow, setFlow] = useState<PaymentFlow>({ stage: 'creating' });
  const [simulating, setSimulating] = useState(false);
  const created = useRef<number | null>(null);
  const finished = useRef<string | null>(null);

  // One payment per attempt (a remount in development's StrictMode must not create a second one).
  useEffect(() => {
    if (!start || created.current === attempt) return;
    created.current = attempt;
    setFlow({ stage: 'creating' });
    createPayment(userId, packageId).then(
      (payment) => setFlow({ stage: 'ready', payment, status: null }),
      (error: unknown) =>
        setFlow(isPaymentDisabled(error) ? { stage: 'disabled' } : { stage: 'create-failed', message: walletErrorText(error, PAYMENT_TEXT.createFailed) }),
    );
  }, [start, attempt, userId, packageId]);

  const paymentId = flow.stage === 'ready' ? flow.payment.paymentIntentId : null;
  const status = flow.stage === 'ready' ? flow.status : null;

  const setStatus = useCallback((id: string, next: PaymentStatus) => {
    setFlow((current) => (current.stage === 'ready' && current.payment.paymentIntentId === id ? { ...current, status: next } : current));
  }, []);

  // spec §4: poll every 5 s until the payment ends; errors are only logged (spec §8 silent cases).
  useEffect(() => {
    if (!paymentId || (status && ENDED.includes(status))) return;
    const timer = setInterval(() => {
      fetchPaymentStatus(paymentId).then(
        (answer) => setStatus(paymentId, answer.status),
        (error: unknown) => console.error('payment status poll failed', error),
      );
    }, TIMERS.paymentPoll);
    return () => clearInterval(timer);
  }, [paymentId, status, setStatus]);

  // Success: complete through the server once, toast the coins, then back to the profile. The
  // redirect timer lives in a ref so later renders cannot cancel it; leaving the page does.
  const succeeded = flow.stage === 'ready' && flow.status === 'succeeded' ? flow.payment : null;
  const redirect = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => clearTimeout(redirect.current ?? undefined), []);
  useEffect(() => {
    if (!succeeded || finished.current === succeeded.paymentIntentId) return;
    finished.current = succeeded.paymentIntentId;
    redirect.current = setTimeout(() => navigate('/profile'), TIMERS.paymentSuccessRedirect);
    void (async () => {
      let coins = succeeded.package.coins;
      try {
        coins = (await completePayment(succeeded.paymentIntentId)).coinsAdded;
      } catch (error) {
        // 'succeeded' already means the coins were credited; the toast still tells the truth.
        console.error('completing the payment failed', error);
      }
      toast({ title: PAYMENT_TEXT.successTitle, description: PAYMENT_TEXT.successBody(coinsText(coins)), variant: 'success' });
      fetchBalance().then(
        (balance) => syncCoins(balance.balance),
        () => undefined,
      );
    })();
  }, [succeeded, navigate, toast, syncCoins]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);

  const simulate = useCallback(async () => {
    if (!paymentId) return;
    setSimulating(true);
    try {
      setStatus(paymentId, (await simulatePayment(paymentId)).status);
    } catch (error) {
      console.error('simulated payment failed', error);
      const reason = walletErrorText(error, '');
      toast({ title: PAYMENT_TEXT.simulateFailed, description: reason || undefined, variant: 'destructive' });
      // The payment may have expired meanwhile: the next poll shows where it stands.
      fetchPaymentStatus(paymentId).then(
        (answer) => setStatus(paymentId, answer.status),
        () => undefined,
      );
    } finally {
      setSimulating(false);
    }
  }, [paymentId, setStatus, toast]);

  return { flow, retry, simulate, simulating };
}
