import { ensureIndexes, exitOnStartupError, openServiceRuntime } from '@lakorn/service-kit';
import { createApp } from './app';
import { loadConfig } from './config';
import { createStores, EMBEDDED_OUTBOX_COLLECTIONS } from './data';
import { registerConsumers } from './events/consumers';

async function main() {
  const config = loadConfig();
  const { logger, connection, bus, outbox, readiness, startConsumers, serve } = await openServiceRuntime('checkin', config, {
    embedded: EMBEDDED_OUTBOX_COLLECTIONS,
  });
  const stores = createStores(connection);
  await ensureIndexes(connection);
  // spec §9: Sunday 30, Monday-Friday 20, Saturday 30 until an admin changes them.
  await stores.dailyCoinSettings.seedDefaults();

  startConsumers(() => registerConsumers({ bus, checkins: stores.checkins, logger }));
  const app = createApp({
    logger,
    sessionPublicKey: config.SESSION_PUBLIC_KEY,
    stores,
    onCheckedIn: () => {
      outbox.flush().catch((error: unknown) => logger.warn({ err: error }, 'outbox flush failed'));
    },
    readiness,
  });
  serve(app);
}

main().catch(exitOnStartupError('checkin'));
