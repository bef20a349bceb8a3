import { createAdminAudit, type Connection, type Logger, type Outbox } from '@lakorn/service-kit';
import { createCheckinStore } from './data/checkinStore';
import { createDailyCoinSettingStore } from './data/dailyCoinSettingStore';
import { checkinModels } from './data/models';
import { createNewsStore } from './data/newsStore';
import { createSpecialDayStore } from './data/specialDayStore';
import { createCheckIns } from './domain/checkIns';
import { createDailyCoinSettings } from './domain/dailyCoinSettings';
import { createNews } from './domain/news';
import { createSpecialDays } from './domain/specialDays';

export interface CheckinServiceOptions {
  connection: Connection;
  logger: Logger;
  /** The relay over the embedded `checkins` events; nudged after each check-in. */
  outbox: Pick<Outbox, 'flush'>;
  /** The server's clock (tests move it across Bangkok midnight). */
  now?: () => Date;
}

/** The check-in service's parts wired together over one database: what main.ts and the tests start from. */
export function createCheckinService(options: CheckinServiceOptions) {
  const { logger, outbox } = options;
  const now = options.now ?? (() => new Date());
  const models = checkinModels(options.connection);
  const specialDayStore = createSpecialDayStore(models);
  // Admins' writes go into the audit log the catalog keeps (checkin.admin.action).
  const audit = createAdminAudit({ connection: options.connection, event: 'checkin.admin.action', now });
  const coinSettings = createDailyCoinSettings({ store: createDailyCoinSettingStore(models), now, audit });
  return {
    news: createNews({ store: createNewsStore(models), now, audit }),
    specialDays: createSpecialDays({ store: specialDayStore, now, audit }),
    coinSettings,
    checkIns: createCheckIns({
      checkins: createCheckinStore(models),
      specialDays: specialDayStore,
      coinSettings,
      now,
      // The credit goes out at once; should this nudge fail, the relay's own loop still sends it.
      onCheckedIn: () => {
        outbox.flush().catch((error: unknown) => logger.warn({ err: error }, 'outbox flush failed'));
      },
    }),
  };
}

export type CheckinService = ReturnType<typeof createCheckinService>;
