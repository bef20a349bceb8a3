import { collectionOf, insertOnce } from '@lakorn/service-kit';
import type { IdentityModels, SignInNonceDoc } from './models';

/** The nonces identity issued and their one use each (models.ts SignInNonceDoc, SignInNonceUseDoc). */
export function createSignInNonceStore(models: IdentityModels) {
  const nonces = collectionOf(models.signInNonces);
  const uses = collectionOf(models.signInNonceUses);

  return {
    insert: (doc: SignInNonceDoc) => nonces.insertOne(doc),

    find: (id: string): Promise<SignInNonceDoc | null> => nonces.findOne({ _id: id }),

    /** The nonce's one use: 'exists' when it was used before (the unique _id, atomic on FerretDB). */
    use: (id: string, expiresAt: Date, at: Date) => insertOnce(() => uses.insertOne({ _id: id, expiresAt, createdAt: at })),

    /** Forgets nonces (and their uses) past their expiry: a nonce that old is refused anyway. */
    async sweep(before: Date): Promise<void> {
      await nonces.deleteMany({ expiresAt: { $lt: before } });
      await uses.deleteMany({ expiresAt: { $lt: before } });
    },
  };
}

export type SignInNonceStore = ReturnType<typeof createSignInNonceStore>;
