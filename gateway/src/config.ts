import path from 'node:path';
import { z } from 'zod';
import { baseConfigSchema, parseConfig } from '@lakorn/service-kit';
import type { ServiceName } from './api/routeTable';
import { isHostEntry } from './http/servedHosts';
import { REMOTE_NAMES, type RemoteName } from './web/remotes';

/** The folder holding shell/ and mf-*\/ (gateway/src → repository root). */
const REPO_ROOT = path.resolve(__dirname, '..', '..');

const serviceUrl = (port: number) =>
  z
    .string()
    .url()
    .default(`http://127.0.0.1:${port}`)
    .transform((url) => url.replace(/\/+$/, ''));

/** A remote's manifest: a path on this gateway or an absolute http(s) URL (ARCHITECTURE §9). */
const remoteManifestUrl = (name: RemoteName) =>
  z
    .string()
    .refine((v) => v.startsWith('/') || /^https?:\/\/[^/]/.test(v), 'must start with / or http(s)://')
    .default(`/remotes/${name}/mf-manifest.json`);

const perMinute = (fallback: number) => z.coerce.number().int().positive().default(fallback);

/** `trust proxy` as express reads it: true/false, a hop count, or a list such as `loopback`. */
const trustProxy = z
  .string()
  .default('false')
  .transform((v): boolean | number | string => {
    if (v === 'true' || v === 'false') return v === 'true';
    return /^\d+$/.test(v) ? Number(v) : v;
  });

const envSchema = baseConfigSchema
  .pick({ NODE_ENV: true, LOG_LEVEL: true, SESSION_PUBLIC_KEY: true, HOST: true, ALLOW_DEV_FROM_NETWORK: true, METRICS_TOKEN: true, SESSION_ENDS_REFRESH_MS: true, INTERNAL_TOKEN: true })
  .extend({
    PORT: z.coerce.number().int().min(0).max(65535).default(8080),
    IDENTITY_URL: serviceUrl(4001),
    CATALOG_URL: serviceUrl(4002),
    CHAT_URL: serviceUrl(4003),
    WALLET_URL: serviceUrl(4004),
    CHECKIN_URL: serviceUrl(4005),
    WEB_ROOT: z
      .string()
      .min(1)
      .default(REPO_ROOT)
      .transform((p) => path.resolve(p)),
    REMOTE_MF_DISCOVER_URL: remoteManifestUrl('mf-discover'),
    REMOTE_MF_CHAT_URL: remoteManifestUrl('mf-chat'),
    REMOTE_MF_WALLET_URL: remoteManifestUrl('mf-wallet'),
    REMOTE_MF_NEWS_URL: remoteManifestUrl('mf-news'),
    REMOTE_MF_ADMIN_URL: remoteManifestUrl('mf-admin'),
    RATE_LIMIT_IP_PER_MINUTE: perMinute(600),
    RATE_LIMIT_USER_PER_MINUTE: perMinute(300),
    RATE_LIMIT_AUTH_PER_MINUTE: perMinute(30),
    /** Idle time allowed on an upstream socket; long enough for a slow model's first token. */
    UPSTREAM_TIMEOUT_MS: z.coerce.number().int().positive().default(300_000),
    /**
     * A proxied event stream silent this long is ended with an `error` event (ARCHITECTURE §6);
     * chat sends a comment every 5 s while the model thinks, so a healthy stream never is.
     */
    STREAM_IDLE_MS: z.coerce.number().int().positive().default(12_000),
    /**
     * How long the gateway keeps a share page's character (/c/{id}, web/sharePage.ts): 5 s, the
     * time a hidden character may take to leave every instance (catalog README "Moderation and the
     * age gate").
     */
    SHARE_CACHE_TTL_MS: z.coerce.number().int().min(0).default(5_000),
    /**
     * How long a member's page load of `/` waits for the catalog's answers to draw the home's
     * first screen (web/firstScreen.ts); slower, the page is index.html as built. 0: never drawn.
     */
    FIRST_SCREEN_TIMEOUT_MS: z.coerce.number().int().min(0).default(300),
    /** Set when a load balancer sits in front of the gateway, so req.ip is the client's. */
    TRUST_PROXY: trustProxy,
    /** Address users reach the gateway at; its origin may send state-changing requests, its host is served. */
    PUBLIC_URL: z.string().url().optional(),
    /**
     * Other names the gateway answers (http/servedHosts.ts), comma separated: `name` (any port) or
     * `name:port`, e.g. a laptop's `laptop.local` for a phone on the LAN.
     */
    ALLOWED_HOSTS: z
      .string()
      .default('')
      .transform((v) =>
        v
          .split(',')
          .map((entry) => entry.trim().toLowerCase())
          .filter(Boolean),
      )
      .refine((entries) => entries.every(isHostEntry), 'each entry must be a host name or address, optionally with :port (no scheme, no path)'),
  });

export const gatewayConfigSchema = envSchema.transform((env) => ({
  nodeEnv: env.NODE_ENV,
  logLevel: env.LOG_LEVEL,
  port: env.PORT,
  host: env.HOST,
  allowDevFromNetwork: env.ALLOW_DEV_FROM_NETWORK,
  sessionPublicKey: env.SESSION_PUBLIC_KEY,
  services: {
    identity: env.IDENTITY_URL,
    catalog: env.CATALOG_URL,
    chat: env.CHAT_URL,
    wallet: env.WALLET_URL,
    checkin: env.CHECKIN_URL,
  } satisfies Record<ServiceName, string>,
  webRoot: env.WEB_ROOT,
  remotes: {
    'mf-discover': env.REMOTE_MF_DISCOVER_URL,
    'mf-chat': env.REMOTE_MF_CHAT_URL,
    'mf-wallet': env.REMOTE_MF_WALLET_URL,
    'mf-news': env.REMOTE_MF_NEWS_URL,
    'mf-admin': env.REMOTE_MF_ADMIN_URL,
  } satisfies Record<(typeof REMOTE_NAMES)[number], string>,
  rateLimits: {
    windowMs: 60_000,
    perIp: env.RATE_LIMIT_IP_PER_MINUTE,
    perUser: env.RATE_LIMIT_USER_PER_MINUTE,
    authPerIp: env.RATE_LIMIT_AUTH_PER_MINUTE,
  },
  upstreamTimeoutMs: env.UPSTREAM_TIMEOUT_MS,
  streamIdleMs: env.STREAM_IDLE_MS,
  shareCache: { ttlMs: env.SHARE_CACHE_TTL_MS, maxEntries: 2_000 },
  firstScreenTimeoutMs: env.FIRST_SCREEN_TIMEOUT_MS,
  trustProxy: env.TRUST_PROXY,
  publicUrl: env.PUBLIC_URL,
  allowedHosts: env.ALLOWED_HOSTS,
  metricsToken: env.METRICS_TOKEN,
  sessionEndsRefreshMs: env.SESSION_ENDS_REFRESH_MS,
  /** The service credential it reads identity's ended sessions with (service-kit README "Internal routes"). */
  internalToken: env.INTERNAL_TOKEN,
}));

export type GatewayConfig = z.infer<typeof gatewayConfigSchema>;
export type RateLimitSettings = GatewayConfig['rateLimits'];

/** Read the environment once at start; a bad value stops start-up with a message naming it. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): GatewayConfig {
  return parseConfig(gatewayConfigSchema, env);
}
