import { z } from 'zod';

/**
 * The one table of environment variables the runner hands to the processes it starts, with their
 * defaults (README's table is `lakorn-infra env`, printed from here). Every variable the user sets
 * passes through and wins over the default; isolated stacks (e2e) then override only what must
 * differ per stack (ports, database prefix, bus namespace, URLs).
 */

export const SERVICES = ['identity', 'catalog', 'chat', 'wallet', 'checkin'] as const;
export type ServiceName = (typeof SERVICES)[number];
export type ProcessName = ServiceName | 'gateway';

/** Fixed ports of `npm start` (isolated stacks take free ones). */
export const SERVICE_PORTS: Record<ServiceName, number> = {
  identity: 4001,
  catalog: 4002,
  chat: 4003,
  wallet: 4004,
  checkin: 4005,
};

/** FerretDB as the runner starts it (ARCHITECTURE §2). */
export const FERRETDB_LISTEN = { host: '127.0.0.1', port: 27017 } as const;
export const FERRETDB_URL = `mongodb://${FERRETDB_LISTEN.host}:${FERRETDB_LISTEN.port}/?directConnection=true&retryWrites=false`;

const DEV_ADMIN = 'admin@lakorn.local';
const optionalText = z.string().min(1).optional();

export const runnerEnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development').describe('Mode of every process.'),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
    .default('info')
    .describe('pino level of every process.'),
  MONGODB_URL: z
    .string()
    .url()
    .optional()
    .describe(`MongoDB connection. Unset: the runner starts FerretDB and uses ${FERRETDB_URL}. Set: used as is, nothing is started.`),
  FERRETDB_BACKEND: z
    .enum(['auto', 'postgresql', 'sqlite'])
    .default('auto')
    .describe('FerretDB backend when MONGODB_URL is unset: auto = PostgreSQL when one answers at FERRETDB_POSTGRESQL_URL, else SQLite in .data/ferretdb/.'),
  FERRETDB_POSTGRESQL_URL: z
    .string()
    .url()
    .default('postgres://postgres@127.0.0.1:5432/lakorn_ferretdb')
    .describe('PostgreSQL database of the FerretDB PostgreSQL backend (created when missing).'),
  MONGODB_DB_PREFIX: z
    .string()
    .regex(/^[a-z0-9_]*$/)
    .default('lakorn_')
    .describe('Each service uses the database `<prefix><service>`.'),
  AMQP_URL: z
    .string()
    .url()
    .default('amqp://guest:guest@127.0.0.1:5672')
    .describe('RabbitMQ. When nothing answers and rabbitmq-server is installed, the runner starts it.'),
  BUS_NAMESPACE: z
    .string()
    .regex(/^[a-z0-9_.-]+$/)
    .default('lakorn')
    .describe('Exchange `<ns>.events` and queue prefix, so several stacks can share a broker.'),
  BROKER_USERS: z
    .enum(['auto', 'off'])
    .default('auto')
    .describe('auto: on a RabbitMQ of this machine the runner makes one user per service (`<ns>-<service>`, rabbitmqctl) that may publish only its own events, and gives each service its own AMQP_URL; off, or when it cannot: every service uses AMQP_URL (the start line says why).'),
  SESSION_PUBLIC_KEY: optionalText.describe('PEM that verifies session tokens. Unset: .data/keys/session-public.pem (generated once).'),
  SESSION_PRIVATE_KEY: optionalText.describe('PEM that signs session tokens. Unset: .data/keys/session-private.pem (generated once).'),
  HOST: z
    .string()
    .min(1)
    .default('127.0.0.1')
    .describe('Interface the gateway and every service listen on: this machine only. 0.0.0.0 opens them to the network (docker-compose sets it inside its own network).'),
  ALLOW_DEV_FROM_NETWORK: z
    .enum(['true', 'false'])
    .default('false')
    .describe('true answers the development sign-in and simulated payments from other addresses than this machine (refused with 403 otherwise); the start banner then warns.'),
  METRICS_TOKEN: optionalText.describe('Bearer token that lets a scraper on another machine read /metrics of the gateway and every service (at least 16 characters). Unset: only this machine may read them.'),
  INTERNAL_TOKEN: optionalText.describe(
    'The service credential (at least 32 characters) every process presents to identity\'s internal list of ended sessions, which answers only it or this machine (service-kit README "Internal routes"). Required by identity in production; docker-compose passes it to all.',
  ),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080).describe('Gateway port: the one URL a user needs.'),
  PUBLIC_URL: z.string().url().optional().describe('Address users reach the gateway at; the gateway answers its host and accepts state-changing requests from its origin. Unset: http://localhost:<PORT>.'),
  ALLOWED_HOSTS: optionalText.describe(
    "Other names the gateway answers besides PUBLIC_URL's host, the address a request reached and localhost (any other Host is 421), comma separated: `name` (any port) or `name:port`, e.g. laptop.local for a phone on the LAN.",
  ),
  ADMIN_EMAILS: z.string().default(DEV_ADMIN).describe('Comma separated e-mails that are admins.'),
  OWNER_EMAIL: z.string().default(DEV_ADMIN).describe('The owner account (payment switch, registration bonus).'),
  GOOGLE_CLIENT_ID: optionalText.describe('Google sign-in. Unset: the development identity provider.'),
  LLM_BASE_URL: optionalText.describe('OpenAI-compatible API. Unset: the offline responder.'),
  LLM_API_KEY: optionalText.describe('Key for LLM_BASE_URL.'),
  LLM_MODEL: optionalText.describe('Model name for LLM_BASE_URL.'),
  STRIPE_SECRET_KEY: optionalText.describe('Stripe PromptPay. Unset: the simulated payment provider.'),
  STRIPE_WEBHOOK_SECRET: optionalText.describe('Verifies Stripe webhooks.'),
  STRIPE_API_BASE: optionalText.describe('Another Stripe API address (tests use a fake server).'),
  PROMPTPAY_ID: optionalText.describe(
    'PromptPay account of the simulated provider QR (phone, 13-digit id or 15-digit e-wallet). Unset: 0000000000, which is no real account.',
  ),
  IDENTITY_URL: z
    .string()
    .url()
    .optional()
    .describe(`Where the gateway reaches identity, and where every process reloads the list of ended sessions. Unset: http://127.0.0.1:${SERVICE_PORTS.identity}.`),
  SESSION_ENDS_REFRESH_MS: optionalText.describe(
    'How often every process reloads the ended sessions from identity when no event told it (the bound on how long a logout takes everywhere). Unset: 20000.',
  ),
  CATALOG_URL: z
    .string()
    .url()
    .optional()
    .describe(`Where the gateway and chat (characters it has no copy of yet) reach catalog. Unset: http://127.0.0.1:${SERVICE_PORTS.catalog}.`),
  CHAT_URL: z.string().url().optional().describe(`Where the gateway reaches chat. Unset: http://127.0.0.1:${SERVICE_PORTS.chat}.`),
  WALLET_URL: z.string().url().optional().describe(`Where the gateway reaches wallet. Unset: http://127.0.0.1:${SERVICE_PORTS.wallet}.`),
  CHECKIN_URL: z.string().url().optional().describe(`Where the gateway reaches checkin. Unset: http://127.0.0.1:${SERVICE_PORTS.checkin}.`),
  WEB_ROOT: optionalText.describe('Folder holding shell/dist and mf-*/dist. Unset: the repository root.'),
  REMOTE_MF_DISCOVER_URL: optionalText.describe('Manifest URL of mf-discover in /remotes.json. Unset: /remotes/mf-discover/mf-manifest.json.'),
  REMOTE_MF_CHAT_URL: optionalText.describe('Manifest URL of mf-chat. Unset: /remotes/mf-chat/mf-manifest.json.'),
  REMOTE_MF_WALLET_URL: optionalText.describe('Manifest URL of mf-wallet. Unset: /remotes/mf-wallet/mf-manifest.json.'),
  REMOTE_MF_NEWS_URL: optionalText.describe('Manifest URL of mf-news. Unset: /remotes/mf-news/mf-manifest.json.'),
  REMOTE_MF_ADMIN_URL: optionalText.describe('Manifest URL of mf-admin. Unset: /remotes/mf-admin/mf-manifest.json.'),
  RATE_LIMIT_IP_PER_MINUTE: optionalText.describe('Requests per minute from one address (static files included). Unset: 600.'),
  RATE_LIMIT_USER_PER_MINUTE: optionalText.describe('API requests per minute of one signed-in user. Unset: 300.'),
  RATE_LIMIT_AUTH_PER_MINUTE: optionalText.describe('Sign-in requests (/api/auth/*) per minute from one address. Unset: 30.'),
  UPSTREAM_TIMEOUT_MS: optionalText.describe('How long the gateway waits for a service (a slow model streams). Unset: 300000.'),
  FIRST_SCREEN_TIMEOUT_MS: optionalText.describe("How long a member's page load of / waits for the catalog to draw the home's first screen; 0: never drawn. Unset: 300."),
  TRUST_PROXY: optionalText.describe('Trust X-Forwarded-* from a proxy in front of the gateway (true, a hop count or addresses). Unset: false.'),
  IMAGE_CACHE_BYTES: optionalText.describe('Bytes of character images each catalog instance keeps in memory. Unset: 67108864 (64 MB).'),
  DISCOVER_SYNC_INTERVAL_MS: optionalText.describe("How often a catalog instance reads the other instances' discover changes. Unset: 2000."),
  SEED_STARTER_CAST: optionalText.describe(
    'Seeds the starter cast at catalog start: 12 all-ages characters with their pictures, by the system creator, once (restarts and several instances never duplicate them). false: a catalog with only its members\' characters. Unset: true.',
  ),
});
export type RunnerEnv = z.infer<typeof runnerEnvSchema>;
export type RunnerVariable = keyof RunnerEnv;

const SERVICES_ONLY: readonly ProcessName[] = SERVICES;
const EVERY_PROCESS: readonly ProcessName[] = [...SERVICES, 'gateway'];

/** Which processes receive each variable (besides the pass-through of the whole environment). */
export const RECEIVERS: Record<RunnerVariable, readonly ProcessName[]> = {
  NODE_ENV: EVERY_PROCESS,
  LOG_LEVEL: EVERY_PROCESS,
  MONGODB_URL: SERVICES_ONLY,
  FERRETDB_BACKEND: [],
  FERRETDB_POSTGRESQL_URL: [],
  MONGODB_DB_PREFIX: SERVICES_ONLY,
  AMQP_URL: SERVICES_ONLY,
  BUS_NAMESPACE: SERVICES_ONLY,
  BROKER_USERS: [],
  SESSION_PUBLIC_KEY: EVERY_PROCESS,
  SESSION_PRIVATE_KEY: ['identity'],
  HOST: EVERY_PROCESS,
  ALLOW_DEV_FROM_NETWORK: ['gateway', 'identity', 'wallet'],
  METRICS_TOKEN: EVERY_PROCESS,
  INTERNAL_TOKEN: EVERY_PROCESS,
  PORT: ['gateway'],
  PUBLIC_URL: ['gateway', 'identity', 'wallet'],
  ALLOWED_HOSTS: ['gateway'],
  ADMIN_EMAILS: ['identity'],
  OWNER_EMAIL: ['identity'],
  GOOGLE_CLIENT_ID: ['identity'],
  LLM_BASE_URL: ['chat'],
  LLM_API_KEY: ['chat'],
  LLM_MODEL: ['chat'],
  STRIPE_SECRET_KEY: ['wallet'],
  STRIPE_WEBHOOK_SECRET: ['wallet'],
  STRIPE_API_BASE: ['wallet'],
  PROMPTPAY_ID: ['wallet'],
  IDENTITY_URL: EVERY_PROCESS,
  SESSION_ENDS_REFRESH_MS: EVERY_PROCESS,
  CATALOG_URL: ['gateway', 'chat'],
  CHAT_URL: ['gateway'],
  WALLET_URL: ['gateway'],
  CHECKIN_URL: ['gateway'],
  WEB_ROOT: ['gateway'],
  REMOTE_MF_DISCOVER_URL: ['gateway'],
  REMOTE_MF_CHAT_URL: ['gateway'],
  REMOTE_MF_WALLET_URL: ['gateway'],
  REMOTE_MF_NEWS_URL: ['gateway'],
  REMOTE_MF_ADMIN_URL: ['gateway'],
  RATE_LIMIT_IP_PER_MINUTE: ['gateway'],
  RATE_LIMIT_USER_PER_MINUTE: ['gateway'],
  RATE_LIMIT_AUTH_PER_MINUTE: ['gateway'],
  UPSTREAM_TIMEOUT_MS: ['gateway'],
  FIRST_SCREEN_TIMEOUT_MS: ['gateway'],
  TRUST_PROXY: ['gateway'],
  IMAGE_CACHE_BYTES: ['catalog'],
  DISCOVER_SYNC_INTERVAL_MS: ['catalog'],
  SEED_STARTER_CAST: ['catalog'],
};

/**
 * Where the runner and the gateway reach a process listening on `host`: the loopback address
 * when it listens there or on every interface, else that address.
 */
export function reachableHost(host: string): string {
  if (['0.0.0.0', '::', '[::]', 'localhost'].includes(host) || host.startsWith('127.')) return '127.0.0.1';
  return host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
}

/** Reads the runner's settings from the environment; an empty value counts as unset. */
export function readRunnerEnv(env: NodeJS.ProcessEnv = process.env): RunnerEnv {
  const present = Object.fromEntries(
    Object.keys(runnerEnvSchema.shape)
      .map((name) => [name, env[name]] as const)
      .filter((entry): entry is readonly [string, string] => typeof entry[1] === 'string' && entry[1] !== ''),
  );
  const result = runnerEnvSchema.safeParse(present);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid environment:\n${lines.join('\n')}`);
  }
  return result.data;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** What the runner fills in at start; every one of them is a variable of the table above. */
export interface ResolvedStack {
  mongodbUrl: string;
  amqpUrl: string;
  /** Each service's own broker user (BROKER_USERS); absent: every service uses amqpUrl. */
  serviceAmqpUrls?: Record<ServiceName, string>;
  sessionKeys: { publicKey: string; privateKey: string };
  servicePorts: Record<ServiceName, number>;
  gatewayPort: number;
  webRoot: string;
}

/**
 * The environment of one process: the whole parent environment (so user settings pass through),
 * then the table's values for this process, then `overrides` (isolated stacks) and `extra`.
 */
export function processEnv(
  name: ProcessName,
  settings: RunnerEnv,
  resolved: ResolvedStack,
  parentEnv: NodeJS.ProcessEnv,
  overrides: Partial<Record<RunnerVariable, string>> = {},
  extra: Record<string, string> = {},
): NodeJS.ProcessEnv {
  const values = tableValues(settings, resolved, overrides);
  const env: NodeJS.ProcessEnv = { ...parentEnv };
  for (const variable of Object.keys(RECEIVERS) as RunnerVariable[]) {
    if (!RECEIVERS[variable].includes(name)) continue;
    const value = values[variable];
    if (value !== undefined) env[variable] = value;
  }
  if (name !== 'gateway' && resolved.serviceAmqpUrls && overrides.AMQP_URL === undefined) env.AMQP_URL = resolved.serviceAmqpUrls[name];
  env.PORT = String(name === 'gateway' ? resolved.gatewayPort : resolved.servicePorts[name]);
  return { ...env, ...extra };
}

function tableValues(
  settings: RunnerEnv,
  resolved: ResolvedStack,
  overrides: Partial<Record<RunnerVariable, string>>,
): Partial<Record<RunnerVariable, string>> {
  const serviceUrl = (service: ServiceName) => `http://${reachableHost(settings.HOST)}:${resolved.servicePorts[service]}`;
  const values: Partial<Record<RunnerVariable, string>> = {
    ...Object.fromEntries(
      Object.entries(settings)
        .filter(([, value]) => value !== undefined)
        .map(([key, value]) => [key, String(value)]),
    ),
    MONGODB_URL: resolved.mongodbUrl,
    AMQP_URL: resolved.amqpUrl,
    SESSION_PUBLIC_KEY: resolved.sessionKeys.publicKey,
    SESSION_PRIVATE_KEY: resolved.sessionKeys.privateKey,
    PORT: String(resolved.gatewayPort),
    PUBLIC_URL: settings.PUBLIC_URL ?? `http://localhost:${resolved.gatewayPort}`,
    IDENTITY_URL: settings.IDENTITY_URL ?? serviceUrl('identity'),
    CATALOG_URL: settings.CATALOG_URL ?? serviceUrl('catalog'),
    CHAT_URL: settings.CHAT_URL ?? serviceUrl('chat'),
    WALLET_URL: settings.WALLET_URL ?? serviceUrl('wallet'),
    CHECKIN_URL: settings.CHECKIN_URL ?? serviceUrl('checkin'),
    WEB_ROOT: settings.WEB_ROOT ?? resolved.webRoot,
  };
  return { ...values, ...overrides };
}

/** The table as Markdown, for the README (`lakorn-infra env`). */
export function envTableMarkdown(): string {
  const defaults = runnerEnvSchema.parse({});
  const rows = (Object.keys(runnerEnvSchema.shape) as RunnerVariable[]).map((name) => {
    const value = defaults[name];
    const shown = value === undefined ? '' : `\`${String(value)}\``;
    const description = runnerEnvSchema.shape[name].description ?? '';
    return `| \`${name}\` | ${shown} | ${RECEIVERS[name].join(', ') || 'the runner'} | ${description} |`;
  });
  return [
    '| Variable | Default | Given to | Meaning |',
    '| --- | --- | --- | --- |',
    ...rows,
    `| \`PORT\` (services) | ${SERVICES.map((s) => `${s} ${SERVICE_PORTS[s]}`).join(', ')} | each service | Set by the runner; isolated (e2e) stacks take free ports. |`,
  ].join('\n');
}
