import { z } from 'zod';

/** Every error response body (ARCHITECTURE §6). `code` is present where a client must branch. */
export const ErrorBody = z.object({ message: z.string(), code: z.string().optional() });
export type ErrorBody = z.infer<typeof ErrorBody>;

export { ERROR_CODES } from './values/common';

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
