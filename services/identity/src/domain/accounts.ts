import { createHash } from 'node:crypto';
import type { Profile } from '@lakorn/contracts';
import type { Outbox } from '@lakorn/service-kit';
import type { AccountStore } from '../data/accountStore';
import type { BalanceStore } from '../data/balanceStore';
import type { UserDoc } from '../data/models';
import { AccountNotFound, InvalidCredential, SignInExpired, UsernameNotAllowed, UsernameTaken } from './errors';
import type { IdTokenVerifier } from './idTokens';
import type { SignInNonces } from './signInNonces';
import { defaultUsernameBase, usernameCandidate, usernameKey, usernameRefusal } from './usernames';

export interface RoleConfig {
  adminEmails: string[];
  ownerEmail: string;
}

/** ARCHITECTURE §5: ADMIN_EMAILS grants isAdmin; OWNER_EMAIL is the one owner (and an admin). */
export function rolesFor(email: string, roles: RoleConfig): { isAdmin: boolean; isOwner: boolean } {
  const e = email.toLowerCase();
  const isOwner = roles.ownerEmail !== '' && e === roles.ownerEmail;
  return { isOwner, isAdmin: isOwner || roles.adminEmails.includes(e) };
}

/** The profile id for an identity-provider subject: stable, so concurrent first sign-ins agree. */
function userIdFor(uid: string): string {
  return `u_${createHash('sha256').update(uid).digest('hex').slice(0, 24)}`;
}

const MAX_DEFAULT_NAME_ATTEMPTS = 25;

export interface AccountsDeps {
  store: AccountStore;
  /** The wallet's balances as reported to identity (the profile's coins, ARCHITECTURE §3). */
  balances: BalanceStore;
  outbox: Pick<Outbox, 'enqueue'>;
  roles: RoleConfig;
  /** Google's ID tokens, or the development provider's (ARCHITECTURE §5). */
  verifier: IdTokenVerifier;
  /** The nonces a sign-in's token must carry (README "Sign-in nonces"). */
  nonces: SignInNonces;
  now?: () => Date;
}

export function createAccounts(deps: AccountsDeps) {
  const { store, balances, outbox, roles, verifier, nonces } = deps;
  const now = deps.now ?? (() => new Date());

  async function toProfile({ _id: id, uid, email, username, profileUrl, seenMaintenanceNotice, ageConfirmed, createdAt }: UserDoc): Promise<Profile> {
    const coins = await balances.latest(id);
    return {
      id, uid, email, username, profileUrl, coins, ...rolesFor(email, roles), seenMaintenanceNotice, ageConfirmed: ageConfirmed === true,
      createdAt: createdAt.toISOString(),
    };
  }

  async function requireUser(userId: string): Promise<UserDoc> {
    const user = await store.findUser(userId);
    if (!user) throw new AccountNotFound();
    return user;
  }

  /** A unique default username from the provider's name: the name, then shortened + digits. */
  async function claimDefaultUsername(userId: string, name: string | undefined, email: string): Promise<string> {
    const base = defaultUsernameBase(name, email);
    for (let attempt = 0; attempt < MAX_DEFAULT_NAME_ATTEMPTS; attempt++) {
      const candidate = usernameCandidate(base, attempt);
      const claim = await store.claimUsername(usernameKey(candidate), userId, now());
      if (claim !== 'taken') return candidate;
    }
    throw new Error('Could not find a free username');
  }

  return {
    toProfile,

    /** The account's profile; AccountNotFound once it is gone. */
    profile: async (userId: string): Promise<Profile> => toProfile(await requireUser(userId)),

    /**
     * Sign-in with an ID token, the only source of identity (spec §7 POST /api/auth/verify): the
     * existing account, or a new one with a unique default username and exactly one
     * `identity.user.registered` (carried by the registration document, whose unique _id makes it
     * once per life of the account even under concurrent first sign-ins). The token must carry a
     * nonce identity issued to this browser (`browser`, its sign-in cookie) or to this development
     * token, and each nonce signs in once, so a token seen anywhere else cannot be replayed into a
     * sign-in.
     */
    async signIn(credential: string, check: { nonce?: string; browser?: string } = {}): Promise<{ profile: Profile; created: boolean }> {
      const identity = await verifier.verify(credential);
      if (check.nonce !== undefined && identity.nonce !== check.nonce) throw new InvalidCredential('nonce mismatch');
      if (!(await nonces.redeem(identity.nonce, check.browser, verifier.provider))) throw new SignInExpired();
      const userId = userIdFor(identity.uid);
      const existing = await store.findUser(userId);
      if (existing) return { profile: await toProfile(existing), created: false };

      const username = await claimDefaultUsername(userId, identity.name, identity.email);
      const createdAt = now();
      const inserted = await store.insertUser({
        _id: userId,
        uid: identity.uid,
        email: identity.email,
        username,
        profileUrl: identity.picture ?? '',
        // The notice tells of a maintenance before this account existed (README "Refinements of the spec").
        seenMaintenanceNotice: true,
        ageConfirmed: false,
        createdAt,
        updatedAt: createdAt,
      });
      const user = await requireUser(userId);
      // A concurrent first sign-in created the account with another name: free ours.
      if (inserted === 'exists' && usernameKey(user.username) !== usernameKey(username)) {
        await store.releaseClaim(usernameKey(username), userId);
      }

      // One registration per life of the account (services/wallet README "A returning member"),
      // dated by the stored account, so concurrent first sign-ins write the same one.
      const registeredAt = user.createdAt;
      await store.insertRegistration(userId, identity.uid, registeredAt, {
        name: 'identity.user.registered',
        messageId: `registered:${userId}:${registeredAt.getTime()}`,
        payload: { userId, uid: identity.uid, email: identity.email, username: user.username, registeredAt: registeredAt.toISOString() },
      });
      return { profile: await toProfile(user), created: inserted === 'inserted' };
    },

    /**
     * spec §5: required, at most 12 characters, unique ignoring case — even under concurrent
     * claims; and no invisible characters nor a name that reads as a reserved one (usernames.ts).
     */
    async changeUsername(userId: string, username: string): Promise<Profile> {
      const refusal = usernameRefusal(username);
      if (refusal) throw new UsernameNotAllowed(refusal);
      const user = await requireUser(userId);
      const key = usernameKey(username);
      const oldKey = usernameKey(user.username);
      if (key !== oldKey) {
        const claim = await store.claimUsername(key, userId, now());
        if (claim === 'taken') throw new UsernameTaken();
      }
      await store.updateUser(userId, { username, updatedAt: now() });
      if (key !== oldKey) await store.releaseClaim(oldKey, userId);
      await publishUpdated(userId);
      return toProfile(await requireUser(userId));
    },

    async updateProfile(userId: string, fields: { username?: string; profileUrl?: string }): Promise<Profile> {
      let profile: Profile | undefined;
      if (fields.username !== undefined) profile = await this.changeUsername(userId, fields.username);
      if (fields.profileUrl !== undefined) {
        await requireUser(userId);
        await store.updateUser(userId, { profileUrl: fields.profileUrl, updatedAt: now() });
        await publishUpdated(userId);
      }
      return profile && fields.profileUrl === undefined ? profile : toProfile(await requireUser(userId));
    },

    /**
     * The age gate (catalog README "Moderation and the age gate"): true confirms being 18 or older,
     * false withdraws.
     */
    async setAgeConfirmed(userId: string, confirmed: boolean): Promise<Profile> {
      await requireUser(userId);
      await store.updateUser(userId, { ageConfirmed: confirmed, updatedAt: now() });
      return toProfile(await requireUser(userId));
    },

    async acknowledgeMaintenance(userId: string): Promise<Profile> {
      await requireUser(userId);
      await store.updateUser(userId, { seenMaintenanceNotice: true, updatedAt: now() });
      return toProfile(await requireUser(userId));
    },

    /**
     * The tombstone (with identity.user.deleted for every service) is written first, so a crash
     * after it still tells the other services; then the account, its names and balances go.
     */
    async deleteAccount(userId: string): Promise<void> {
      const user = await requireUser(userId);
      const deletedAt = now();
      await store.insertDeletion(userId, deletedAt, {
        name: 'identity.user.deleted',
        messageId: `deleted:${userId}:${deletedAt.getTime()}`,
        payload: { userId, deletedAt: deletedAt.toISOString() },
      });
      await store.deleteUser(userId);
      await store.releaseClaim(usernameKey(user.username), userId);
      await balances.removeUser(userId);
    },

    recordBalance: (userId: string, seq: number, balance: number) => balances.record(userId, seq, balance, now()),

    /**
     * The profile once a first balance was reported, or as it is after `timeoutMs` (a wait in
     * real time, bounding how long the answer is held, so not the injected clock).
     */
    async awaitFirstBalance(userId: string, timeoutMs: number): Promise<Profile> {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline && !(await balances.exists(userId))) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      return toProfile(await requireUser(userId));
    },
  };

  async function publishUpdated(userId: string) {
    const user = await requireUser(userId);
    await outbox.enqueue({
      name: 'identity.user.updated',
      messageId: `updated:${userId}:${user.updatedAt.getTime()}`,
      payload: { userId, username: user.username, profileUrl: user.profileUrl },
    });
  }
}

export type Accounts = ReturnType<typeof createAccounts>;
