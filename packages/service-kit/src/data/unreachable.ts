import { mongo } from 'mongoose';

/** The driver's errors for a database it cannot reach (connection refused, closed, or none chosen in time). */
export function databaseUnreachable(error: unknown): boolean {
  return (
    error instanceof mongo.MongoNetworkError ||
    error instanceof mongo.MongoServerSelectionError ||
    error instanceof mongo.MongoNotConnectedError ||
    error instanceof mongo.MongoTopologyClosedError
  );
}
