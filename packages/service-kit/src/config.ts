import { z } from 'zod';
import { SESSION_ENDS_REFRESH_MS } from '@lakorn/contracts';

/** An env flag written as true/false/1/0. */
export const envBoolean = z
  .union([z.boolean(), z.string()])
  .transform((v) => (typeof v === 'boolean' ? v : ['1', 'true', 'yes', 'on'].includes(v.toLowerCase())));

/** Settings every service reads (README lists them with their defaults). */
export const baseConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  MONGODB_URL: z.string().url().default('mongodb://127.0.0.1:27017/?directConnection=true&retryWrites=false'),
  MONGODB_DB_PREFIX: z.string().regex(/^[a-z0-9_]*$/).default('lakorn_'),
  AMQP_URL: z.string().url().default('amqp://guest:guest@127.0.0.1:5672'),
  /** Prefix of the exchange (`<ns>.events`) and every queue, so several stacks can share a broker. */
  BUS_NAMESPACE: z.string().regex(/^[a-z0-9_.-]+$/).default('lakorn'),
  /** PEM public key that verifies session tokens. `\n` escapes are accepted. */
  SESSION_PUBLIC_KEY: z.string().min(1).transform(unescapePem),
  /** The interface to listen on: this machine only unless an operator says otherwise (compose: 0.0.0.0). */
  HOST: z.string().min(1).default('127.0.0.1'),
  /** Opens the development sign-in and simulated payments to other addresses (ARCHITECTURE §5, §8). */
  ALLOW_DEV_FROM_NETWORK: envBoolean.default(false),
  /** Where every process reloads the list of ended sessions (service-kit README "Sessions"). */
  IDENTITY_URL: z.string().url().default('http://127.0.0.1:4001'),
  /** How often that list is reloaded when no event arrived: the bound on an ended session's life. */
  SESSION_ENDS_REFRESH_MS: z.coerce.number().int().min(50).default(SESSION_ENDS_REFRESH_MS),
  /** Lets a scraper that is not on this machine read /metrics with `Authorization: Bearer <token>`. */
  METRICS_TOKEN: z.string().min(16).optional(),
  /**
   * The service credential of the internal routes (identity's ended sessions): every process
   * presents it, and they answer only it or this machine (README "Internal routes").
   */
  INTERNAL_TOKEN: z.string().min(32).optional(),
});
export type BaseConfig = z.infer<typeof baseConfigSchema>;

export function unescapePem(value: string): string {
  return value.includes('\\n') ? value.replace(/\\n/g, '\n') : value;
}

/** Parse env once at start; a bad value stops the process with a message that names it. */
export function parseConfig<S extends z.ZodType>(schema: S, env: NodeJS.ProcessEnv = process.env): z.infer<S> {
  const result = schema.safeParse(env);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.') || '(env)'}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return result.data;
}

/** A comma separated env list, trimmed and lower-cased (e-mail lists). */
export const envEmailList = (defaultValue = '') =>
  z
    .string()
    .default(defaultValue)
    .transform((v) => v.split(',').map((s) => s.trim().toLowerCase()).filter(Boolean));
