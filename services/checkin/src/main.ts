import { ensureIndexes, exitOnStartupError, openServiceRuntime } from '@lakorn/service-kit';
import { createApp } from './app';
import { loadConfig } from './config';
import { EMBEDDED_OUTBOX_COLLECTIONS } from './data/models';
import { registerConsumers } from './events/consumers';
import { createCheckinService } from './service';

async function main() {
  const config = loadConfig();
  const { logger, connection, bus, outbox, readiness, metrics, startConsumers, serve } = await openServiceRuntime('checkin', config, {
    embedded: EMBEDDED_OUTBOX_COLLECTIONS,
  });
  const service = createCheckinService({ connection, logger, outbox });
  await ensureIndexes(connection);
  // spec §9: Sunday 30, Monday-Friday 20, Saturday 30 until an admin changes them.
  await service.coinSettings.seedDefaults();

  startConsumers(() => registerConsumers({ bus, checkIns: service.checkIns, logger }));
  serve(createApp({ ...service, logger, sessionPublicKey: config.SESSION_PUBLIC_KEY, readiness, metrics }));
}

main().catch(exitOnStartupError('checkin'));
