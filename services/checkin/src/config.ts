import { z } from 'zod';
import { baseConfigSchema, parseConfig } from '@lakorn/service-kit';

export const checkinConfigSchema = baseConfigSchema.extend({
  PORT: z.coerce.number().int().positive().default(4005),
});

export type CheckinConfig = z.infer<typeof checkinConfigSchema>;

export const loadConfig = (env: NodeJS.ProcessEnv = process.env) => parseConfig(checkinConfigSchema, env);
