import { z } from 'zod';
import { ABUSE_MESSAGES } from './values/common';

/** Every error response body (ARCHITECTURE §6). `code` is present where a client must branch. */
export const ErrorBody = z.object({ message: z.string(), code: z.string().optional() });
export type ErrorBody = z.infer<typeof ErrorBody>;

export { ABUSE_MESSAGES, charactersLeftText, ERROR_CODES } from './values/common';

/** The sign-in provider's photo host: a Google account's picture (ARCHITECTURE §5). */
export const SIGN_IN_PHOTO_HOST = 'lh3.googleusercontent.com';

function isSignInPhoto(value: string): boolean {
  if (!/^https:\/\/[^\s]+$/i.test(value)) return false;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.hostname === SIGN_IN_PHOTO_HOST && url.port === '' && !url.username && !url.password;
  } catch {
    return false;
  }
}

/**
 * A picture a member sets that other members' browsers load (a profile, a character, a persona):
 * '' or one of the product's own images (`/character-images/<file>`, ARCHITECTURE §8b) or the
 * sign-in provider's photo. Any other address would let a member make others' browsers call a
 * server of their choosing, so it is a 400 in Thai wherever it is sent.
 */
export const MemberImageUrl = z
  .string()
  .trim()
  .max(2000)
  .refine((v) => v === '' || /^\/(uploads\/)?character-images\/[A-Za-z0-9._-]+$/.test(v) || isSignInPhoto(v), ABUSE_MESSAGES.imageUrl);

/**
 * ARCHITECTURE §5 and §8: the development sign-in and the simulated payment provider answer only
 * requests from the machine that runs Lakorn, unless ALLOW_DEV_FROM_NETWORK=true opens them.
 */
export const LOCAL_ONLY_MESSAGE = 'การเข้าสู่ระบบสำหรับนักพัฒนาและการจำลองการชำระเงินใช้ได้เฉพาะบนเครื่องที่รันระบบเท่านั้น';

/**
 * The spec's bodies carry a `userId`/`uid` naming the actor (spec §7). The server takes the actor
 * from the session and accepts such a field only when it names the actor (ARCHITECTURE §5).
 */
export const ActorRef = z.string().min(1).max(200).optional();

/** A plain string id in a path or body: never an object, so `{"$gt": ""}` cannot reach a query. */
export const Id = z.string().min(1).max(200);

/**
 * A whole number in a query string, in decimal digits only: `limit=5`. Never coerced from another
 * form (`0x10`, `1e1`, `5.0`, ` 5`, '', a repeated key's array), which Number() would read as some
 * number: a wrong type is a 400 like any other field's (bench/README.md "fuzz").
 */
export const QueryInt = (min: number, max: number) =>
  z
    .string()
    .regex(/^\d{1,15}$/, 'Expected a whole number')
    .transform(Number)
    .pipe(z.number().int().min(min).max(max));
