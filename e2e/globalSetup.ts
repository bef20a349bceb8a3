import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { repoPaths } from '../infra/src/paths';
import { readRunnerEnv } from '../infra/src/config';
import { startStack } from '../infra/src/stack';
import { adminEmailsWithSecondAdmin, E2E_PORTS_VARIABLE, E2E_URL_VARIABLE } from './support';
import { keepHandle } from './stackHandle';

/**
 * Starts one isolated stack for every journey: free ports, its own database prefix and bus
 * namespace (removed again in teardown), quiet logs written to .e2e-artifacts/stack.log.
 * The journeys read its URL from LAKORN_E2E_URL; when that is already set, nothing is started.
 */
export default async function globalSetup(): Promise<void> {
  if (process.env[E2E_URL_VARIABLE]) return;
  const { artifacts } = repoPaths();
  await fs.mkdir(artifacts, { recursive: true });
  const logFile = path.join(artifacts, 'stack.log');
  const log = createWriteStream(logFile, { flags: 'w' });
  try {
    const stack = await startStack({
      isolated: true,
      // jest sets NODE_ENV=test; the journeys see what `npm start` shows. A second admin who is
      // not the owner joins ADMIN_EMAILS for the authorization matrix (journeys/admin-authz).
      overrides: {
        LOG_LEVEL: 'warn',
        NODE_ENV: 'development',
        ADMIN_EMAILS: adminEmailsWithSecondAdmin(readRunnerEnv(process.env).ADMIN_EMAILS),
        // Every journey signs its members in from this one address; the sign-in limit itself is
        // tested at the gateway (gateway/test/limits.test.ts), not by how many journeys there are.
        RATE_LIMIT_AUTH_PER_MINUTE: '600',
        // Likewise every page: each journey opens cold browser contexts, and a cold home page is
        // ~50 requests (scripts, fonts, the starter cast's and the popular row's pictures), so a
        // few journeys within one minute can pass the 600 allowed per address, and a page load
        // that meets 429s never draws (the characters journey's home, once, in a full run).
        // The per-address limit is tested at the gateway (gateway/test/limits.test.ts).
        RATE_LIMIT_IP_PER_MINUTE: '6000',
      },
      sink: (lines) => log.write(`${lines.join('\n')}\n`),
    });
    keepHandle({ stack, log });
    process.env[E2E_URL_VARIABLE] = stack.url;
    process.env[E2E_PORTS_VARIABLE] = JSON.stringify({ gateway: stack.gatewayPort, ...stack.servicePorts });
    log.write(`[e2e] stack ready at ${stack.url} (databases ${stack.dbPrefix}*, bus ${stack.busNamespace})\n`);
  } catch (error) {
    log.end();
    throw new Error(`The e2e stack did not start (its output: ${path.relative(process.cwd(), logFile)}):\n${(error as Error).message}`);
  }
}
