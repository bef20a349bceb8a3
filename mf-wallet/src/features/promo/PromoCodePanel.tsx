import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { limitMessage, useProfile, useToast } from '@lakorn/shell-sdk';
import { Button, Card, Input, SectionTitle, Spinner } from '@lakorn/ui';
import { useCoinSync } from '../../shared/coinSync';
import { coinsText } from '../../shared/messages';
import { isInvalidPromo, isPromoAlreadyUsed, redeemPromoCode } from './api';
import { PROMO_TEXT } from './messages';

const Form = styled.form`
  display: flex;
  gap: 8px;
  & > input { flex: 1; min-width: 0; text-transform: uppercase; }
  & > input::placeholder { text-transform: none; }
`;

/** Exposed as `./PromoCodePanel` for the shell's /profile (spec §2 promo code entry). */
export default function PromoCodePanel() {
  const profile = useProfile();
  const { toast } = useToast();
  const syncCoins = useCoinSync();
  const [code, setCode] = useState('');
  const [pending, setPending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = code.trim();
    if (!trimmed) {
      toast({ title: PROMO_TEXT.blank, variant: 'destructive' });
      return;
    }
    setPending(true);
    try {
      const result = await redeemPromoCode(profile.id, trimmed);
      setCode('');
      toast({ title: PROMO_TEXT.successTitle, description: PROMO_TEXT.successBody(coinsText(result.coins)), variant: 'success' });
      void syncCoins(result.balance);
    } catch (error) {
      // Past 5 failed tries in 10 minutes the wallet answers 429 QUOTA: its Thai text says to wait.
      const limited = limitMessage(error);
      if (isInvalidPromo(error)) toast({ title: PROMO_TEXT.invalid, variant: 'destructive' });
      else if (isPromoAlreadyUsed(error)) toast({ title: PROMO_TEXT.alreadyUsed, variant: 'destructive' });
      else if (limited) toast({ title: limited, variant: 'destructive' });
      else toast({ title: PROMO_TEXT.failedTitle, description: PROMO_TEXT.failedBody, variant: 'destructive' });
    } finally {
      setPending(false);
    }
  };

  return (
    <Card aria-labelledby="wallet-promo-title">
      <SectionTitle id="wallet-promo-title">{PROMO_TEXT.title}</SectionTitle>
      <Form onSubmit={submit} noValidate>
        <Input
          aria-label={PROMO_TEXT.label}
          placeholder={PROMO_TEXT.placeholder}
          value={code}
          maxLength={40}
          autoCapitalize="characters"
          autoComplete="off"
          spellCheck={false}
          onChange={(e) => setCode(e.target.value)}
          disabled={pending}
        />
        <Button type="submit" disabled={pending} aria-busy={pending}>
          {pending ? <Spinner $size={16} aria-label={PROMO_TEXT.submitting} /> : null}
          {PROMO_TEXT.submit}
        </Button>
      </Form>
    </Card>
  );
}
