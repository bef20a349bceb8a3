import { useCallback, useMemo } from 'react';
import { CHAT_ERROR_CODES, ERROR_CODES, SAVE_MESSAGES } from '@lakorn/contracts/web';
import { ApiError, errorMessage, useSession, useToast } from '@lakorn/shell-sdk';
import { COIN_TEXT } from './messages';

/** identity follows the wallet's events a moment later: the profile is read again after this. */
export const PROFILE_REFRESH_DELAY_MS = 1500;

/**
 * The coins of a paid save (an edit, the memory note, the summary; chat README "Paying for text
 * that reaches the model"), priced by contracts saveCost as the server prices it: the balance
 * checked before, taken off after, and the refusals a paid save has, as a send shows them.
 */
export function usePaidSave() {
  const { profile, adjustCoins, refreshProfile } = useSession();
  const { toast } = useToast();

  /** Too few coins for `cost`: the send's "has X but needs Y" toast, and false. */
  const affordable = useCallback(
    (cost: number) => {
      if (cost === 0 || !profile || profile.coins >= cost) return true;
      toast({ title: COIN_TEXT.notEnoughSubmitTitle, description: COIN_TEXT.notEnoughSubmit(profile.coins, cost), variant: 'destructive' });
      return false;
    },
    [profile, toast],
  );

  /** A save was made at `cost`: the balance shows it at once, and is read again once identity has it. */
  const paid = useCallback(
    (cost: number) => {
      if (cost === 0) return;
      adjustCoins(-cost);
      setTimeout(() => void refreshProfile(), PROFILE_REFRESH_DELAY_MS);
    },
    [adjustCoins, refreshProfile],
  );

  /**
   * A paid save's own refusals, toasted: 402 (the send's not-enough toast, with the balance and the
   * cost the server named) or 409 COST_CHANGED, whose `cost` is the price now. null: another failure.
   */
  const refused = useCallback(
    (error: unknown): { cost: number | null } | null => {
      if (!(error instanceof ApiError)) return null;
      const cost = typeof error.data?.cost === 'number' ? error.data.cost : null;
      if (error.status === 402 || error.code === ERROR_CODES.notEnoughCoins) {
        const balance = typeof error.data?.balance === 'number' ? error.data.balance : null;
        toast({ title: COIN_TEXT.notEnoughTitle, description: balance !== null && cost !== null ? COIN_TEXT.notEnoughSubmit(balance, cost) : undefined, variant: 'destructive' });
        void refreshProfile();
        return { cost: null };
      }
      if (error.code === CHAT_ERROR_CODES.costChanged) {
        toast({ title: error.serverMessage ? errorMessage(error) : SAVE_MESSAGES.costChanged, variant: 'default' });
        return { cost };
      }
      return null;
    },
    [toast, refreshProfile],
  );

  return useMemo(() => ({ affordable, paid, refused }), [affordable, paid, refused]);
}
