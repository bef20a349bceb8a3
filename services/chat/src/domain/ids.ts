import { randomBytes } from 'node:crypto';

/** A new document id: 24 hex characters, like the other services' ids. */
export const newId = () => randomBytes(12).toString('hex');
