import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { silentLogger } from '@lakorn/service-kit';
import { testSessionKeys } from '@lakorn/service-kit/testing';
import { createApp } from '../../src/app';
import { loadConfig, type GatewayConfig } from '../../src/config';
import type { FakeServices } from './fakeServices';

/** A WEB_ROOT where nothing is built yet (the folder does not even exist). */
export function unbuiltWebRoot(): string {
  return path.join(tmpdir(), `lakorn-gateway-unbuilt-${randomBytes(4).toString('hex')}`);
}

/** The gateway's config as the environment would give it, pointed at the stand-in services. */
export function testConfig(fakes: Pick<FakeServices, 'urls'> | undefined, env: Record<string, string> = {}): GatewayConfig {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SESSION_PUBLIC_KEY: testSessionKeys().publicKey,
    ...(fakes
      ? {
          IDENTITY_URL: fakes.urls.identity,
          CATALOG_URL: fakes.urls.catalog,
          CHAT_URL: fakes.urls.chat,
          WALLET_URL: fakes.urls.wallet,
          CHECKIN_URL: fakes.urls.checkin,
        }
      : {}),
    WEB_ROOT: env.WEB_ROOT ?? unbuiltWebRoot(),
    ...env,
  });
}

export function testGateway(fakes: Pick<FakeServices, 'urls'> | undefined, env: Record<string, string> = {}) {
  return createApp({ config: testConfig(fakes, env), logger: silentLogger() });
}
