import { createServer } from 'node:http';
import { createLogger, createMetrics, createSessionEnds, installSessionEnds, loadSessionEndsFrom } from '@lakorn/service-kit';
import { createApp } from './app';
import { loadConfig } from './config';
import { answerClientErrors } from './http/errors';

function main(): void {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    console.error(`gateway: ${(error as Error).message}`);
    process.exit(1);
  }
  const logger = createLogger('gateway', config.logLevel);
  // Sessions that end (service-kit README "Sessions"): the gateway has no bus, so its copy of the
  // list is reloaded from identity every SESSION_ENDS_REFRESH_MS; the service behind refuses an
  // ended session at once anyway (it hears identity.sessions.ended).
  const sessionEnds = createSessionEnds({ load: loadSessionEndsFrom(config.services.identity, { internalToken: config.internalToken }), refreshMs: config.sessionEndsRefreshMs, logger });
  installSessionEnds(sessionEnds);
  sessionEnds.start();
  const server = createServer(createApp({ config, logger, metrics: createMetrics({ processMetrics: true, accessToken: config.metricsToken }) })).listen(config.port, config.host, () => {
    logger.info({ host: config.host, port: config.port, webRoot: config.webRoot, services: config.services }, `gateway listening on http://localhost:${config.port}`);
  });
  answerClientErrors(server);
  server.on('error', (error) => {
    logger.fatal({ err: error }, 'gateway cannot listen');
    process.exit(1);
  });

  const stop = (signal: string) => {
    logger.info({ signal }, 'gateway stopping');
    sessionEnds.stop();
    server.close(() => process.exit(0));
    server.closeIdleConnections();
    // Streams (chat replies) get a moment to finish, then the process ends regardless.
    setTimeout(() => process.exit(0), 10_000).unref();
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));
}

main();
