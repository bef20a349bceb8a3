import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createLogger } from '@lakorn/service-kit';
import { createApp } from '../../gateway/src/app';
import { loadConfig } from '../../gateway/src/config';
import { readRunnerEnv } from '../../infra/src/config';
import { sessionKeys } from '../../infra/src/keys';
import { repoPaths } from '../../infra/src/paths';

/**
 * A gateway of its own, in this process, over a running stack's services (its ports by service
 * name): a journey can stop it (the offline page), a bench can serve another build through it
 * (`webRoot`). Signs nothing: it verifies sessions with the stack's key.
 */
export async function startOwnGateway(options: { servicePorts: Record<string, number>; webRoot?: string; port?: number; name?: string }): Promise<{ server: Server; url: string }> {
  const keys = await sessionKeys(readRunnerEnv(process.env), repoPaths().keysDir);
  const service = (name: string) => (options.servicePorts[name] ? `http://127.0.0.1:${options.servicePorts[name]}` : '');
  const config = loadConfig({
    ...process.env,
    NODE_ENV: 'development',
    SESSION_PUBLIC_KEY: keys.publicKey,
    PORT: String(options.port ?? 0),
    WEB_ROOT: options.webRoot ?? repoPaths().root,
    IDENTITY_URL: service('identity'),
    CATALOG_URL: service('catalog'),
    CHAT_URL: service('chat'),
    WALLET_URL: service('wallet'),
    CHECKIN_URL: service('checkin'),
  });
  const server = createServer(createApp({ config, logger: createLogger(options.name ?? 'gateway-own', 'warn') }));
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  return { server, url: `http://localhost:${(server.address() as AddressInfo).port}` };
}
