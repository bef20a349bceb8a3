import { isDuplicateKeyError } from './mongo';

/**
 * Runs an insert against a unique index; the index refusing it (E11000) answers 'exists'. The one
 * atomic step on FerretDB v1 (ARCHITECTURE §2), so of any number of racing inserts exactly one
 * wins and every other gets 'exists', never an error.
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
