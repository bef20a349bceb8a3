import { execFile } from 'node:child_process';
import { say } from './log';

// FerretDB's PostgreSQL backend rewrites a document's whole row on every update, and the row's
// GIN twin (indexTwins.ts) keeps an entry for every version, so a document changed on every send
// (a chat's head place, its last line, a wallet) leaves one dead version per change. Every read of
// it by `_id` visits them all until VACUUM removes them: measured here, a chat's head read took 77
// buffers after 10 000 turns against 4 after 10 (bench/README.md "sends"). PostgreSQL's autovacuum
// does this on its own; a server run with `autovacuum = off` (this machine's CI configuration,
// /etc/postgresql/15/main/conf.d/90-ci.conf) never does, and every hot document then gets slower
// with use. Where autovacuum is off, the runner vacuums FerretDB's database itself, on
// autovacuum's default thresholds (50 rows + 20% of the table dead, or 50 + 10% changed since the
// last ANALYZE, which also keeps the planner's row counts true), instead of changing the server's
// settings for everyone else on the machine.

/** Tables of the database at `url` past autovacuum's default thresholds, schema-qualified and quoted. */
const DUE_SQL = `select format('%I.%I', schemaname, relname) from pg_stat_user_tables
  where n_dead_tup > 50 + 0.2 * n_live_tup or n_mod_since_analyze > 50 + 0.1 * n_live_tup
  order by n_dead_tup desc limit 200`;

function psql(url: string, sql: string, timeoutMs = 120_000, signal?: AbortSignal): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile('psql', [url, '-qtAc', sql], { encoding: 'utf8', timeout: timeoutMs, signal }, (error, stdout, stderr) => {
      if (error) reject(new Error(stderr.trim() || error.message));
      else resolve(stdout.trim());
    });
  });
}

/** Whether the server at `url` runs autovacuum. */
export async function autovacuumOn(url: string): Promise<boolean> {
  return (await psql(url, 'show autovacuum', 15_000)) === 'on';
}

/**
 * Vacuums and analyzes every table of the database at `url` that autovacuum would have by now;
 * answers how many. A table another session holds a lock on is left for the next round.
 */
export async function vacuumDue(url: string, signal?: AbortSignal): Promise<number> {
  const due = (await psql(url, DUE_SQL, 15_000, signal)).split('\n').filter(Boolean);
  if (due.length > 0) await psql(url, `vacuum (analyze, skip_locked) ${due.join(', ')}`, 120_000, signal);
  return due.length;
}

export interface VacuumKeeper {
  stop(): Promise<void>;
}

/**
 * Runs `vacuumDue` every `intervalMs` while the server's autovacuum is off (undefined when it is
 * on: the server does it). A round still running when the next is due is not doubled; a failed
 * round is told once and tried again; stop() cuts a round short.
 */
export async function keepVacuumed(url: string, intervalMs = 10_000): Promise<VacuumKeeper | undefined> {
  if (await autovacuumOn(url).catch(() => true)) return undefined;
  say(`PostgreSQL: autovacuum is off on this server; the runner vacuums FerretDB's tables (every ${intervalMs / 1000} s)`);
  const abort = new AbortController();
  let busy = false;
  let warned = false;
  const timer = setInterval(() => {
    if (busy) return;
    busy = true;
    vacuumDue(url, abort.signal)
      .then(() => {
        warned = false;
      })
      .catch((error: unknown) => {
        if (!warned && !abort.signal.aborted) say(`PostgreSQL: a vacuum round failed (tried again every ${intervalMs / 1000} s): ${(error as Error).message}`);
        warned = true;
      })
      .finally(() => {
        busy = false;
      });
  }, intervalMs);
  timer.unref();
  return {
    stop: async () => {
      clearInterval(timer);
      abort.abort();
    },
  };
}
