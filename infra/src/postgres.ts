import { spawnSync } from 'node:child_process';
import net from 'node:net';
import { say } from './log';

// FerretDB's PostgreSQL backend pushes equality filters on top-level fields down to PostgreSQL;
// its SQLite backend evaluates every filter in Go over every document (even `_id` is a scan).
// Measured here at 20,000 documents: an equality filter 28–39 ms on PostgreSQL against ~1,000 ms
// on SQLite; ranges and sorts cost the same on both. So the runner prefers PostgreSQL when one is
// running locally, and keeps ARCHITECTURE's SQLite backend as the fallback.

export type FerretBackend = { kind: 'sqlite' } | { kind: 'postgresql'; url: string };

function answers(host: string, port: number, timeoutMs = 1_000): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

function psql(url: string, sql: string): { ok: boolean; out: string } {
  const run = spawnSync('psql', [url, '-tAc', sql], { encoding: 'utf8', timeout: 15_000 });
  return { ok: run.status === 0, out: `${run.stdout ?? ''}${run.stderr ?? ''}`.trim() };
}

/** Creates the database FerretDB keeps its data in when it is missing (FerretDB does not). */
function ensureDatabase(url: URL): boolean {
  const name = url.pathname.replace(/^\//, '');
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`FERRETDB_POSTGRESQL_URL must name a database of a-z, 0-9 and _, got "${name}"`);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const exists = psql(admin.toString(), `select 1 from pg_database where datname = '${name}'`);
  if (!exists.ok) return false;
  if (exists.out === '1') return true;
  const created = psql(admin.toString(), `create database ${name}`);
  return created.ok || /already exists/.test(created.out);
}

/**
 * Starts the Debian PostgreSQL cluster that listens on `port` of this machine when it is installed
 * but stopped (a machine just booted, or just installed by the bootstrap); true once it answers.
 */
async function startLocalCluster(host: string, port: number): Promise<boolean> {
  if (!['127.0.0.1', 'localhost', '::1'].includes(host)) return false;
  const clusters = spawnSync('pg_lsclusters', ['--no-header'], { encoding: 'utf8' });
  if (clusters.status !== 0) return false;
  const stopped = clusters.stdout
    .split('\n')
    .map((line) => line.trim().split(/\s+/))
    .filter(([, , clusterPort, status]) => Number(clusterPort) === port && status === 'down');
  if (stopped.length === 0) return false;
  for (const [version, name] of stopped) {
    say(`PostgreSQL ${version}/${name} is installed but stopped: starting it`);
    spawnSync('pg_ctlcluster', [version!, name!, 'start'], { encoding: 'utf8', timeout: 60_000 });
  }
  for (let i = 0; i < 30; i++) {
    if (await answers(host, port)) return true;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return false;
}

/**
 * The backend FerretDB starts on: `FERRETDB_BACKEND` sqlite or postgresql, or (auto) PostgreSQL
 * when one answers at FERRETDB_POSTGRESQL_URL and its database can be made, else SQLite.
 */
export async function chooseFerretBackend(settings: { FERRETDB_BACKEND: string; FERRETDB_POSTGRESQL_URL: string }): Promise<FerretBackend> {
  if (settings.FERRETDB_BACKEND === 'sqlite') return { kind: 'sqlite' };
  const url = new URL(settings.FERRETDB_POSTGRESQL_URL);
  const forced = settings.FERRETDB_BACKEND === 'postgresql';
  const port = Number(url.port || 5432);
  const reachable = (await answers(url.hostname, port)) || (await startLocalCluster(url.hostname, port));
  const hasPsql = spawnSync('psql', ['--version'], { encoding: 'utf8' }).status === 0;
  if (reachable && hasPsql && ensureDatabase(url)) return { kind: 'postgresql', url: url.toString() };
  if (forced) throw new Error(`FERRETDB_BACKEND=postgresql but PostgreSQL at ${url.host} (database ${url.pathname.slice(1)}) cannot be used`);
  say(`PostgreSQL not usable at ${url.host}: FerretDB uses its SQLite backend (.data/ferretdb/)`);
  return { kind: 'sqlite' };
}
