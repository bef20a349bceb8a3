import { collectionOf, insertOnce } from '@lakorn/service-kit';
import type { PromoCodeDoc, RedemptionDoc, WalletModels } from './models';

export interface PromoStore {
  /** 'exists' when a code with that key exists (case-insensitive). */
  insertCode(doc: PromoCodeDoc): Promise<'inserted' | 'exists'>;
  /** Newest first. */
  listCodes(): Promise<PromoCodeDoc[]>;
  findCodeByKey(codeKey: string): Promise<PromoCodeDoc | null>;
  setActive(id: string, isActive: boolean): Promise<PromoCodeDoc | null>;
  /** The code removed (its audit entry names it), or null when no code has this id. */
  deleteCode(id: string): Promise<PromoCodeDoc | null>;
  countRedemptions(codeId: string): Promise<number>;
  /** 'exists' when the slot is taken or this user redeemed the code before. */
  insertRedemption(doc: RedemptionDoc): Promise<'inserted' | 'exists'>;
  hasRedeemed(codeId: string, userId: string): Promise<boolean>;
  /** Gives a use back (a redemption that could not be credited). */
  removeRedemption(id: string): Promise<void>;
  /** The codes this user has used (a scan on FerretDB: only when a deleted account comes back). */
  codesUsedBy(userId: string): Promise<string[]>;
}

export function createPromoStore(models: WalletModels): PromoStore {
  const promoCodes = collectionOf(models.promoCodes);
  const redemptions = collectionOf(models.redemptions);
  return {
    insertCode: (doc) => insertOnce(() => promoCodes.insertOne(doc)),
    listCodes: () => promoCodes.find().sort({ createdAt: -1, _id: 1 }).toArray(),
    findCodeByKey: (codeKey) => promoCodes.findOne({ codeKey }),
    async setActive(id, isActive) {
      const result = await promoCodes.updateOne({ _id: id }, { $set: { isActive } });
      if (result.matchedCount === 0) return null;
      return promoCodes.findOne({ _id: id });
    },
    async deleteCode(id) {
      const doc = await promoCodes.findOne({ _id: id });
      return doc && (await promoCodes.deleteOne({ _id: id })).deletedCount > 0 ? doc : null;
    },
    // Counted from the redemptions themselves, never a stored counter (ARCHITECTURE §2).
    countRedemptions: (codeId) => redemptions.countDocuments({ codeId }),
    insertRedemption: (doc) => insertOnce(() => redemptions.insertOne(doc)),
    async hasRedeemed(codeId, userId) {
      return (await redemptions.findOne({ codeId, userId }, { projection: { _id: 1 } })) !== null;
    },
    async removeRedemption(id) {
      await redemptions.deleteOne({ _id: id });
    },
    codesUsedBy: async (userId) => (await redemptions.find({ userId }, { projection: { codeId: 1 } }).toArray()).map((r) => r.codeId),
  };
}
