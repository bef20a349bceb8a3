import { FERRETDB_LISTEN, FERRETDB_URL, type RunnerEnv } from './config';
import { pingMongo, startFerretDb, type OwnedProcess } from './ferretdb';
import { ensureIndexTwins } from './indexTwins';
import { onShutdown } from './lifecycle';
import { chooseFerretBackend, type FerretBackend } from './postgres';
import { say } from './log';
import { repoPaths, type RepoPaths } from './paths';
import { describeListener } from './ports';
import { ensureRabbitMq, redact } from './rabbitmq';
import { supervise, type Supervised } from './restarts';
import { keepVacuumed, type VacuumKeeper } from './vacuum';

/** Makes FerretDB's PostgreSQL indexes serve its pushed-down filters (indexTwins.ts). */
function twinIndexes(backend: FerretBackend): void {
  if (backend.kind !== 'postgresql') return;
  const twins = ensureIndexTwins(backend.url);
  say(
    twins.mode === 'event trigger'
      ? `PostgreSQL: GIN twins by event trigger on CREATE INDEX (${twins.twinned} existing indexes twinned)`
      : `PostgreSQL: GIN twins reconciled at start (${twins.twinned} indexes; the role may not create event triggers, so collections made later get theirs at the next start)`,
  );
}

export interface Infrastructure {
  mongodbUrl: string;
  amqpUrl: string;
  /**
   * Resolves with the reason when the FerretDB this runner started keeps dying and is given up on
   * (it is started again after each death until then); never for one it found running.
   */
  died: Promise<string>;
  /** Stops what this runner started (FerretDB), leaves alone what it found running. */
  stop(): Promise<void>;
}

/**
 * The database and the broker every service needs (ARCHITECTURE §10): MONGODB_URL when set,
 * otherwise FerretDB at 127.0.0.1:27017, reused when something already answers there and started
 * (and owned) otherwise; RabbitMQ at AMQP_URL, started when installed and silent.
 */
export async function ensureInfrastructure(settings: RunnerEnv, paths: RepoPaths = repoPaths()): Promise<Infrastructure> {
  let ferret: Supervised<OwnedProcess> | undefined;
  let backend: FerretBackend | undefined;
  let mongodbUrl: string;
  if (settings.MONGODB_URL) {
    mongodbUrl = settings.MONGODB_URL;
    if (!(await pingMongo(mongodbUrl, 10_000))) {
      throw new Error(`MONGODB_URL is set but nothing answers a ping at ${redact(mongodbUrl)}.`);
    }
    say(`MongoDB: ${redact(mongodbUrl)} (from MONGODB_URL)`);
  } else {
    mongodbUrl = FERRETDB_URL;
    if (await pingMongo(mongodbUrl)) {
      const holder = describeListener(FERRETDB_LISTEN.port);
      say(`MongoDB: found ${holder ?? 'a MongoDB-wire server'} answering at ${mongodbUrl}: reused, left running, not watched`);
      // A FerretDB found running most likely keeps its data where this runner would have put it.
      if (settings.FERRETDB_BACKEND !== 'sqlite') {
        backend = await chooseFerretBackend(settings);
        twinIndexes(backend);
      }
    } else {
      backend = await chooseFerretBackend(settings);
      // Before FerretDB starts, so the services' first indexes get their twins as they are made.
      twinIndexes(backend);
      const first = await startFerretDb(paths, backend);
      // A FerretDB that dies is started again like a service (infra/README.md "Processes").
      const started = backend;
      ferret = supervise('FerretDB', first, () => startFerretDb(paths, started));
      const where = backend.kind === 'postgresql' ? `PostgreSQL ${redact(backend.url)}` : '.data/ferretdb/ (SQLite)';
      say(`MongoDB: started FerretDB (pid ${first.pid}) at ${mongodbUrl}, data in ${where}`);
    }
  }

  // Dead row versions are removed where the server's autovacuum does not (vacuum.ts).
  const vacuum: VacuumKeeper | undefined = backend?.kind === 'postgresql' ? await keepVacuumed(backend.url) : undefined;
  const unregister = ferret || vacuum ? onShutdown(async () => {
    await vacuum?.stop();
    await ferret?.stop();
  }) : () => undefined;
  try {
    await ensureRabbitMq(settings.AMQP_URL);
  } catch (error) {
    unregister();
    await vacuum?.stop();
    await ferret?.stop();
    throw error;
  }
  say(`RabbitMQ: ${redact(settings.AMQP_URL)}`);

  return {
    mongodbUrl,
    amqpUrl: settings.AMQP_URL,
    died: ferret?.died ?? new Promise<string>(() => undefined),
    stop: async () => {
      unregister();
      await vacuum?.stop();
      if (!ferret) return;
      await ferret.stop();
      say('stopped FerretDB');
    },
  };
}
