import { collectionOf, insertOnce } from '@lakorn/service-kit';
import type { IdentityModels, RoleGrantDoc, SessionEndDoc } from './models';

/** The ended sessions and the roles tokens carry (models.ts SessionEndDoc, RoleGrantDoc). */
export function createSessionStore(models: IdentityModels) {
  const ends = collectionOf(models.sessionEnds);
  const grants = collectionOf(models.roleGrants);

  return {
    /** The member's session version in force: the highest raised one, 0 when never raised. */
    async currentVersion(userId: string): Promise<number> {
      const [top] = await ends.find({ kind: 'member', userId }).sort({ minVersion: -1 }).limit(1).toArray();
      return top?.minVersion ?? 0;
    },

    /** Raises the member's version to `version` (a concurrent raise to the same one is the same end). */
    raiseVersion: (userId: string, version: number, at: Date) =>
      insertOnce(() => ends.insertOne({ _id: `member:${userId}:${version}`, kind: 'member', userId, minVersion: version, createdAt: at })),

    endSession: (sid: string, expiresAt: Date, at: Date) =>
      insertOnce(() => ends.insertOne({ _id: `session:${sid}`, kind: 'session', sid, expiresAt, createdAt: at })),

    /** Ends written at or after `since`. */
    since: (since: Date): Promise<SessionEndDoc[]> => ends.find({ createdAt: { $gte: since } }).toArray(),

    grant: (userId: string, role: RoleGrantDoc['role'], at: Date) =>
      insertOnce(() => grants.insertOne({ _id: `${userId}:${role}`, userId, role, createdAt: at })),

    grants: (): Promise<RoleGrantDoc[]> => grants.find({}).toArray(),

    revokeGrant: async (id: string) => {
      await grants.deleteOne({ _id: id });
    },
  };
}

export type SessionStore = ReturnType<typeof createSessionStore>;
