import { isDuplicateKeyError } from '@lakorn/service-kit';

/**
 * Runs an insert; a unique index refusing it (E11000) answers 'exists'. The one atomic step on
 * FerretDB v1 (ARCHITECTURE §2), so of any number of racing inserts exactly one wins.
 */
export async function insertOnce(insert: () => Promise<unknown>): Promise<'inserted' | 'exists'> {
  try {
    await insert();
    return 'inserted';
  } catch (error) {
    if (isDuplicateKeyError(error)) return 'exists';
    throw error;
  }
}
