import { z } from 'zod';
import { baseConfigSchema, envEmailList, parseConfig, unescapePem } from '@lakorn/service-kit';

export const identityConfigSchema = baseConfigSchema
  .extend({
    PORT: z.coerce.number().int().positive().default(4001),
    /** PEM private key that signs session tokens (only identity holds it). */
    SESSION_PRIVATE_KEY: z.string().min(1).transform(unescapePem),
    /** Comma separated e-mails granted isAdmin (ARCHITECTURE §5). */
    ADMIN_EMAILS: envEmailList('admin@lakorn.local'),
    /** The single account allowed the payment switch and the registration bonus. */
    OWNER_EMAIL: z.string().trim().toLowerCase().default('admin@lakorn.local'),
    /** Google OAuth client id; without it the development identity provider runs instead. */
    GOOGLE_CLIENT_ID: z.string().trim().optional().transform((v) => v || undefined),
    PUBLIC_URL: z.string().url().default('http://localhost:8080'),
  })
  .refine((c) => c.NODE_ENV !== 'production' || c.GOOGLE_CLIENT_ID, {
    message: 'GOOGLE_CLIENT_ID is required in production (the development sign-in is refused there)',
    path: ['GOOGLE_CLIENT_ID'],
  })
  // The gateway and the services reach identity over a network there, not this machine's loopback.
  .refine((c) => c.NODE_ENV !== 'production' || c.INTERNAL_TOKEN, {
    message: 'INTERNAL_TOKEN is required in production (the other processes read the ended sessions with it)',
    path: ['INTERNAL_TOKEN'],
  });

export type IdentityConfig = z.infer<typeof identityConfigSchema>;

export const loadConfig = (env: NodeJS.ProcessEnv = process.env) => parseConfig(identityConfigSchema, env);
