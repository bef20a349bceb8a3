import type { mongo } from 'mongoose';
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

/**
 * Sets the document with this `_id`, whether or not one exists, under any race. FerretDB v1's
 * upsert is a find and then an insert, so two first writes at once leave one of them with an
 * E11000 (a 500); here the insert is the atomic step and its loser replaces what the winner wrote.
 */
export async function putById<T extends { _id: string }>(collection: mongo.Collection<T>, doc: T): Promise<void> {
  const byId = { _id: doc._id } as mongo.Filter<T>;
  const { _id: _ignored, ...fields } = doc;
  if ((await collection.replaceOne(byId, fields as mongo.WithoutId<T>)).matchedCount === 1) return;
  if ((await insertOnce(() => collection.insertOne(doc as mongo.OptionalUnlessRequiredId<T>))) === 'inserted') return;
  await collection.replaceOne(byId, fields as mongo.WithoutId<T>);
}
