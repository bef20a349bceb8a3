import type { Bus, Logger } from '@lakorn/service-kit';
import type { Accounts } from '../domain/accounts';

/** The profile's coins follow the wallet's ledger head (ARCHITECTURE §3). */
export async function registerConsumers({ bus, accounts, logger }: { bus: Bus; accounts: Accounts; logger: Logger }): Promise<void> {
  await bus.consume({
    queue: 'wallet-balances',
    events: ['wallet.balance.changed'],
    handler: async ({ payload }) => {
      await accounts.recordBalance(payload.userId, payload.seq, payload.balance);
      logger.debug({ userId: payload.userId, seq: payload.seq }, 'balance recorded');
    },
  });
}
