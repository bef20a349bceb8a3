import { z } from 'zod';
import { baseConfigSchema, parseConfig } from '@lakorn/service-kit';

const optionalUrl = z.preprocess((v) => (v === '' ? undefined : v), z.string().url().optional());
const optionalText = z.preprocess((v) => (v === '' ? undefined : v), z.string().min(1).optional());

export const chatConfigSchema = baseConfigSchema.extend({
  PORT: z.coerce.number().int().positive().default(4003),
  /** Where chat fetches a character it has no copy of yet (with the member's session). */
  CATALOG_URL: z.string().url().default('http://127.0.0.1:4002'),
  /** OpenAI-compatible API (ARCHITECTURE §7). Unset: the offline responder answers. */
  LLM_BASE_URL: optionalUrl,
  LLM_API_KEY: optionalText,
  LLM_MODEL: z.preprocess((v) => (v === '' ? undefined : v), z.string().min(1).default('gpt-4o-mini')),
  /** The model's context window in tokens; the prompt gets this minus LLM_MAX_TOKENS. */
  LLM_CONTEXT_TOKENS: z.coerce.number().int().min(512).default(8192),
  /** Longest reply, in tokens. */
  LLM_MAX_TOKENS: z.coerce.number().int().min(16).default(600),
  LLM_TEMPERATURE: z.coerce.number().min(0).max(2).default(0.8),
  /** SDK retries of a failed model call (all within LLM_TIMEOUT_MS). */
  LLM_MAX_RETRIES: z.coerce.number().int().min(0).max(5).default(1),
  /** A reply not finished by then is given up and its coins refunded. */
  LLM_TIMEOUT_MS: z.coerce.number().int().positive().default(60_000),
  /** How long the wallet has to answer a debit before the send is refunded. */
  DEBIT_TIMEOUT_MS: z.coerce.number().int().positive().default(5_000),
  /** How often stuck sends (between debit and reply) are looked for. */
  SEND_SWEEP_INTERVAL_MS: z.coerce.number().int().positive().default(15_000),
  /** Pause between the offline responder's streamed pieces, so its replies visibly stream. */
  OFFLINE_STREAM_DELAY_MS: z.coerce.number().int().min(0).default(30),
});

export type ChatConfig = z.infer<typeof chatConfigSchema>;

export const loadConfig = (env: NodeJS.ProcessEnv = process.env) => parseConfig(chatConfigSchema, env);
