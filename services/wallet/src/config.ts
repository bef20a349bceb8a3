import { z } from 'zod';
import { baseConfigSchema, parseConfig } from '@lakorn/service-kit';
import { normalisePromptPayId } from './domain/promptpay';

const optional = z
  .string()
  .trim()
  .optional()
  .transform((v) => v || undefined);

export const walletConfigSchema = baseConfigSchema
  .extend({
    PORT: z.coerce.number().int().positive().default(4004),
    /** Stripe PromptPay (ARCHITECTURE §8). Unset: the simulated provider (refused in production). */
    STRIPE_SECRET_KEY: optional,
    /** Verifies `POST /api/payments/webhook`; without it webhooks are refused and polling settles. */
    STRIPE_WEBHOOK_SECRET: optional,
    /** Another Stripe API address, e.g. http://127.0.0.1:12111 (the tests' fake Stripe server). */
    STRIPE_API_BASE: optional.pipe(z.string().url().optional()),
    /**
     * The simulated provider's PromptPay account: a phone number, a 13-digit national/tax id or a
     * 15-digit e-wallet id. The default is a number no bank account has, so a demo QR never pays anyone.
     */
    PROMPTPAY_ID: z
      .string()
      .default('0000000000')
      .refine((v) => normalisePromptPayId(v) !== null, 'must be a phone number (10 digits), a 13-digit id or a 15-digit e-wallet id'),
    /** How often the sweeper expires unpaid QR codes past their hour (spec §9). */
    PAYMENT_SWEEP_INTERVAL_MS: z.coerce.number().int().positive().default(60_000),
  });

export type WalletConfig = z.infer<typeof walletConfigSchema>;

export const loadConfig = (env: NodeJS.ProcessEnv = process.env) => parseConfig(walletConfigSchema, env);
