import { z } from 'zod';
import { ActorRef, MemberImageUrl } from './common';
import { LIMITS } from './constants';
import { SYSTEM_CREATOR } from './values/catalog';

// §3 user profile, plus isOwner (ARCHITECTURE §5: the one account for payment switch and bonus).
export const Profile = z.object({
  id: z.string(),
  uid: z.string(),
  email: z.string(),
  username: z.string(),
  profileUrl: z.string(),
  coins: z.number().int(),
  isAdmin: z.boolean(),
  isOwner: z.boolean(),
  seenMaintenanceNotice: z.boolean(),
  /** The member confirmed being 18 or older (18+ characters are shown to them); withdrawable. */
  ageConfirmed: z.boolean(),
  createdAt: z.string(),
});
export type Profile = z.infer<typeof Profile>;

/** POST /api/users/me/age-confirmation → the Profile: true confirms being 18 or older, false withdraws. */
export const AgeConfirmationBody = z.object({ confirmed: z.boolean() });
export type AgeConfirmationBody = z.infer<typeof AgeConfirmationBody>;

/**
 * POST /api/auth/verify. The credential is a Google ID token (or the dev provider's); it must carry
 * a nonce identity issued (GET /api/auth/start for this browser, or the dev token) and not used yet.
 */
export const VerifyBody = z.object({
  credential: z.string().min(1).max(8192),
  /** Optional: when sent, the token's nonce must be this one too. */
  nonce: z.string().max(200).optional(),
  // The spec's legacy fields are accepted and ignored: the token is the only source of identity.
  uid: z.string().optional(),
  email: z.string().optional(),
  username: z.string().optional(),
  profileUrl: z.string().optional(),
});
export type VerifyBody = z.infer<typeof VerifyBody>;

/** POST /api/auth/dev/token (development identity provider only). */
export const DevTokenBody = z.object({
  email: z.string().trim().toLowerCase().email().max(200),
  name: z.string().trim().min(1).max(100),
});

/** An absolute http(s) URL of /api/auth/callback with no query or hash; anything URL cannot parse is not one. */
function isAuthCallback(text: string): boolean {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return false;
  }
  return /^https?:$/.test(url.protocol) && url.pathname === '/api/auth/callback' && !url.search && !url.hash;
}

/**
 * GET /api/auth/start?state=&redirect_uri=: identity issues a nonce bound to this browser (cookie
 * SIGN_IN_COOKIE) and sends the popup or page on to the provider with it. `state` is the shell's
 * (`p.` popup, `r.` redirect); `redirect_uri` is this site's /api/auth/callback (Google's).
 */
export const SignInStartQuery = z.object({
  state: z.string().regex(/^[pr]\.[A-Za-z0-9_-]{8,128}$/),
  redirect_uri: z
    .string()
    .url()
    .max(500)
    .refine((u) => isAuthCallback(u), 'redirect_uri must be this site\'s /api/auth/callback')
    .optional(),
});

/** GET /api/auth/config: which identity provider the sign-in button talks to. */
export const AuthConfig = z.object({
  provider: z.enum(['google', 'dev']),
  /** Where the browser is sent (popup or full page) with client_id, redirect_uri, state, nonce. */
  authorizeUrl: z.string(),
  clientId: z.string().optional(),
});
export type AuthConfig = z.infer<typeof AuthConfig>;

/** §5 username: required, at most 12 characters; unique ignoring case. Thai texts are the client's. */
export const Username = z
  .string()
  .trim()
  .min(1, 'Username is required')
  .refine((v) => Array.from(v).length <= LIMITS.username, `Username must be at most ${LIMITS.username} characters`);

export const UsernameBody = z.object({ uid: ActorRef, userId: ActorRef, username: Username });
export type UsernameBody = z.infer<typeof UsernameBody>;

export const UpdateProfileBody = z.object({
  uid: ActorRef,
  userId: ActorRef,
  username: Username.optional(),
  profileUrl: MemberImageUrl.optional(),
});
export type UpdateProfileBody = z.infer<typeof UpdateProfileBody>;

export const AcknowledgeMaintenanceBody = z.object({ userId: ActorRef, uid: ActorRef });

export const USERNAME_TAKEN_MESSAGE = 'Username already taken';

/**
 * Names no member may take, nor any name that reads as one of them once normalised (identity
 * README "Data and rules"): the team's, the product's, and the starter cast's creator's.
 */
export const RESERVED_USERNAMES: readonly string[] = [SYSTEM_CREATOR.username, 'admin', 'administrator', 'lakorn', 'ละคร', 'ลากร', 'system'];

/** The session cookie's name and the JWT claims every service reads (ARCHITECTURE §5). */
export const SESSION_COOKIE = 'lakorn_session';
export const SessionClaims = z.object({
  sub: z.string(),
  uid: z.string(),
  email: z.string(),
  isAdmin: z.boolean(),
  isOwner: z.boolean(),
  /** This sign-in's id: logout ends this one session. */
  sid: z.string().min(1),
  /** The member's session version at sign-in: "sign out everywhere" raises it (SessionEnd). */
  sv: z.number().int().min(0),
  /**
   * The member confirmed being 18 or older (Profile.ageConfirmed) when the token was issued:
   * catalog and chat show 18+ characters by it. A change re-issues the cookie (tokens issued
   * before the field existed parse as false, the safe side).
   */
  adult: z.boolean().default(false),
});
export type SessionClaims = z.infer<typeof SessionClaims>;

export {
  SESSION_ENDED_CODE,
  SESSION_ENDED_MESSAGE,
  SESSION_ENDS_REFRESH_MS,
  SIGN_IN_COOKIE,
  SIGN_IN_EXPIRED_CODE,
  SIGN_IN_EXPIRED_MESSAGE,
  SIGN_IN_NONCE_TTL_SECONDS,
  USERNAME_NOT_ALLOWED_MESSAGE,
} from './values/identity';

/**
 * One entry of the list of ended sessions identity keeps and every process caches (service-kit
 * auth/sessionEnds.ts): one sign-in ended (logout), or every session of a member below a version
 * (sign out everywhere, account deletion, an admin role taken away). `expiresAt` is epoch ms.
 */
export const SessionEnd = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('session'), sid: z.string().min(1), expiresAt: z.number().int() }),
  z.object({ kind: z.literal('member'), userId: z.string().min(1), minVersion: z.number().int().min(0) }),
]);
export type SessionEnd = z.infer<typeof SessionEnd>;

/** GET /internal/sessions/ended?since= (identity): the ends changed since `since`, and where to ask from next. */
export const SessionEndsPage = z.object({ ends: z.array(SessionEnd), cursor: z.number().int() });
export type SessionEndsPage = z.infer<typeof SessionEndsPage>;
