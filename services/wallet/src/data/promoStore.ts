import type { mongo } from 'mongoose';
import { isDuplicateKeyError } from '@lakorn/service-kit';
import { rawCollection, type PromoCodeDoc, type RedemptionDoc, type WalletModels } from './models';

export interface PromoStore {
  insertCode(doc: PromoCodeDoc): Promise<'inserted' | 'duplicate'>;
  /** Newest first. */
  listCodes(): Promise<PromoCodeDoc[]>;
  findCode(id: string): Promise<PromoCodeDoc | null>;
  findCodeByKey(codeKey: string): Promise<PromoCodeDoc | null>;
  setActive(id: string, isActive: boolean): Promise<PromoCodeDoc | null>;
  deleteCode(id: string): Promise<boolean>;
  countRedemptions(codeId: string): Promise<number>;
  /** 'duplicate' when the slot is taken or this user redeemed the code before. */
  insertRedemption(doc: RedemptionDoc): Promise<'inserted' | 'duplicate'>;
  hasRedeemed(codeId: string, userId: string): Promise<boolean>;
}

export function createPromoStore(models: WalletModels): PromoStore {
  const { promoCodes, redemptions } = models;
  const insert = async <T extends { _id: string }>(collection: mongo.Collection<T>, doc: T) => {
    try {
      await collection.insertOne(doc as mongo.OptionalUnlessRequiredId<T>);
      return 'inserted' as const;
    } catch (error) {
      if (isDuplicateKeyError(error)) return 'duplicate' as const;
      throw error;
    }
  };
  return {
    insertCode: (doc) => insert(rawCollection(promoCodes), doc),
    listCodes: () => promoCodes.find().sort({ createdAt: -1, _id: 1 }).lean<PromoCodeDoc[]>().exec(),
    findCode: (id) => promoCodes.findById(id).lean<PromoCodeDoc>().exec(),
    findCodeByKey: (codeKey) => promoCodes.findOne({ codeKey }).lean<PromoCodeDoc>().exec(),
    async setActive(id, isActive) {
      const result = await promoCodes.updateOne({ _id: id }, { $set: { isActive } }).exec();
      if (result.matchedCount === 0) return null;
      return promoCodes.findById(id).lean<PromoCodeDoc>().exec();
    },
    async deleteCode(id) {
      return (await promoCodes.deleteOne({ _id: id }).exec()).deletedCount > 0;
    },
    // Counted from the redemptions themselves, never a stored counter (ARCHITECTURE §2).
    countRedemptions: (codeId) => redemptions.countDocuments({ codeId }).exec(),
    insertRedemption: (doc) => insert(rawCollection(redemptions), doc),
    async hasRedeemed(codeId, userId) {
      return (await redemptions.exists({ codeId, userId }).exec()) !== null;
    },
  };
}
