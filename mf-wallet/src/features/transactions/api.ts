import type { BalanceResponse, CoinTransaction } from '@lakorn/contracts/web';
import { getJson, useApi } from '@lakorn/shell-sdk';

export const PAGE_SIZE = 50;

export const transactionsPath = (userId: string, before?: number) =>
  `/api/coins/transactions/${encodeURIComponent(userId)}?limit=${PAGE_SIZE}${before ? `&before=${before}` : ''}`;

/** GET /api/coins/transactions/{userId} (spec §7): the newest page; older pages via loadOlder. */
export function useTransactions(userId: string) {
  return useApi<CoinTransaction[]>(transactionsPath(userId));
}

/** The ledger sequence of a transaction: its id is "<userId>:<seq padded>" (wallet README). */
export function seqOf(transaction: CoinTransaction): number {
  return Number(transaction.id.slice(transaction.id.lastIndexOf(':') + 1));
}

export async function loadOlder(userId: string, oldest: CoinTransaction): Promise<CoinTransaction[]> {
  return (await getJson<CoinTransaction[]>(transactionsPath(userId, seqOf(oldest)))) ?? [];
}

/** GET /api/coins/balance: the ledger's own balance (the profile's coins follow it). */
export function useBalance() {
  return useApi<BalanceResponse>('/api/coins/balance');
}
