import type { Profile, SessionClaims, SessionEnd, SessionEndsPage } from '@lakorn/contracts';
import { newSessionId, type Actor, type Outbox } from '@lakorn/service-kit';
import type { SessionStore } from '../data/sessionStore';
import { rolesFor, type RoleConfig } from './accounts';

export interface SessionsDeps {
  store: SessionStore;
  outbox: Pick<Outbox, 'enqueue'>;
  roles: RoleConfig;
  /** This process's own copy of the list (service-kit SessionEnds): applied without waiting for the event. */
  onEnd?: (end: SessionEnd) => void;
  now?: () => Date;
}

/**
 * Sessions that end (service-kit README "Sessions"): what a token carries (`sid`, the member's
 * session version `sv`), and the ends every process enforces — one sign-in (logout), or every
 * session of a member (sign out everywhere, account deletion, a role taken away).
 */
export function createSessions(deps: SessionsDeps) {
  const { store, outbox, roles } = deps;
  const now = deps.now ?? (() => new Date());

  async function publish(end: SessionEnd, messageId: string): Promise<void> {
    deps.onEnd?.(end);
    await outbox.enqueue({ name: 'identity.sessions.ended', payload: end, messageId });
  }

  /** Remembers that a token with these roles exists, so taking the role away can end it. */
  async function recordRoles(profile: Pick<Profile, 'id' | 'isAdmin' | 'isOwner'>): Promise<void> {
    if (profile.isAdmin) await store.grant(profile.id, 'admin', now());
    if (profile.isOwner) await store.grant(profile.id, 'owner', now());
  }

  async function endAll(userId: string): Promise<void> {
    const version = (await store.currentVersion(userId)) + 1;
    await store.raiseVersion(userId, version, now());
    await publish({ kind: 'member', userId, minVersion: version }, `sessions-ended:${userId}:${version}`);
  }

  return {
    /** The claims of a new sign-in: a new sid, the member's version in force. */
    async issue(profile: Profile): Promise<SessionClaims> {
      await recordRoles(profile);
      const sv = await store.currentVersion(profile.id);
      return {
        sub: profile.id, uid: profile.uid, email: profile.email, isAdmin: profile.isAdmin, isOwner: profile.isOwner, sid: newSessionId(), sv,
        adult: profile.ageConfirmed,
      };
    },

    /** The same sign-in with the roles and age confirmation as they are now (GET /api/auth/session after a role was given, the age gate). */
    async reissue(actor: Actor, profile: Profile): Promise<SessionClaims> {
      await recordRoles(profile);
      return {
        sub: profile.id, uid: profile.uid, email: profile.email, isAdmin: profile.isAdmin, isOwner: profile.isOwner,
        sid: actor.sessionId ?? newSessionId(), sv: actor.sessionVersion ?? 0, adult: profile.ageConfirmed,
      };
    },

    /** Logout: this one sign-in ends everywhere; the member's other devices stay signed in. */
    async endSession(actor: Actor): Promise<void> {
      if (!actor.sessionId || !actor.sessionExpiresAt) return;
      const expiresAt = new Date(actor.sessionExpiresAt);
      await store.endSession(actor.sessionId, expiresAt, now());
      await publish({ kind: 'session', sid: actor.sessionId, expiresAt: expiresAt.getTime() }, `session-ended:${actor.sessionId}`);
    },

    /** Sign out everywhere, and account deletion: every session of the member ends. */
    endAll,

    /**
     * At start: members holding a token with a role ADMIN_EMAILS / OWNER_EMAIL no longer give
     * lose every session (they sign in again, as members). Answers how many.
     */
    async reconcileRoles(emailOf: (userId: string) => Promise<string | null>): Promise<number> {
      let ended = 0;
      const byUser = new Map<string, Array<{ id: string; role: 'admin' | 'owner' }>>();
      for (const grant of await store.grants()) byUser.set(grant.userId, [...(byUser.get(grant.userId) ?? []), { id: grant._id, role: grant.role }]);
      for (const [userId, held] of byUser) {
        const email = await emailOf(userId);
        const current = email === null ? { isAdmin: false, isOwner: false } : rolesFor(email, roles);
        const lost = held.filter((g) => (g.role === 'admin' ? !current.isAdmin : !current.isOwner));
        if (lost.length === 0) continue;
        await endAll(userId);
        for (const grant of lost) await store.revokeGrant(grant.id);
        ended += 1;
      }
      return ended;
    },

    /** GET /internal/sessions/ended?since=: ends written since `since` (epoch ms), logouts not yet expired. */
    async endsSince(since: number): Promise<SessionEndsPage> {
      const cursor = now().getTime();
      const ends: SessionEnd[] = [];
      for (const doc of await store.since(new Date(since))) {
        if (doc.kind === 'session' && doc.sid && doc.expiresAt && doc.expiresAt.getTime() > cursor) {
          ends.push({ kind: 'session', sid: doc.sid, expiresAt: doc.expiresAt.getTime() });
        } else if (doc.kind === 'member' && doc.userId && typeof doc.minVersion === 'number') {
          ends.push({ kind: 'member', userId: doc.userId, minVersion: doc.minVersion });
        }
      }
      return { ends, cursor };
    },
  };
}

export type Sessions = ReturnType<typeof createSessions>;
