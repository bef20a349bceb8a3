import { collectionOf, insertOnce } from '@lakorn/service-kit';
import type { WalletModels } from './models';

/** The latest identity.user.registered seen per user: one per life of the account (README "A returning member"). */
export interface RegistrationStore {
  /** Keeps the later of this and the one recorded. */
  record(userId: string, registeredAt: Date): Promise<void>;
  latest(userId: string): Promise<Date | null>;
}

export function createRegistrationStore(models: WalletModels): RegistrationStore {
  const registrations = collectionOf(models.registrations);
  return {
    async record(userId, registeredAt) {
      if ((await insertOnce(() => registrations.insertOne({ _id: userId, registeredAt }))) === 'inserted') return;
      await registrations.updateOne({ _id: userId, registeredAt: { $lt: registeredAt } }, { $set: { registeredAt } });
    },
    latest: async (userId) => (await registrations.findOne({ _id: userId }))?.registeredAt ?? null,
  };
}
