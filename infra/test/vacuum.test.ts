import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { ensureIndexTwins } from '../src/indexTwins';
import { vacuumDue } from '../src/vacuum';

// infra/src/vacuum.ts: where the server's autovacuum is off, the runner removes the dead row
// versions FerretDB's updates leave, so a document updated on every send is read as cheaply as a
// new one. A table made the way FerretDB makes it (one jsonb column, a btree on `_id` and its GIN
// twin), in a scratch database of the local PostgreSQL.

const LOCAL = 'postgres://postgres@127.0.0.1:5432';
const name = `lakorn_vacuum_test_${randomBytes(3).toString('hex')}`;
const url = `${LOCAL}/${name}`;

function psql(target: string, sql: string): string {
  const run = spawnSync('psql', [target, '-v', 'ON_ERROR_STOP=1', '-qtA', '-c', sql], { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`psql failed: ${run.stderr}${run.error?.message ?? ''}`);
  return run.stdout.trim();
}

/** Shared buffers a read of the head document by `_id` touches, as FerretDB reads it. */
const readBuffers = () => {
  const plan = psql(url, `set enable_seqscan = off; explain (analyze, buffers) select _jsonb from app.heads_1a2b where _jsonb->'_id' @> '"chat-1"'`);
  return Number(/Buffers: shared hit=(\d+)/.exec(plan)?.[1] ?? 'NaN');
};

beforeAll(() => {
  if (spawnSync('psql', ['--version']).status !== 0) {
    throw new Error('PostgreSQL is not installed: install it (Debian: apt-get install postgresql) and start it (pg_ctlcluster 15 main start); npm test installs it when run as root');
  }
  psql(`${LOCAL}/postgres`, `create database ${name}`);
  ensureIndexTwins(url);
  psql(url, `create schema app; create table app.heads_1a2b (_jsonb jsonb) with (autovacuum_enabled = off);
    create unique index heads_1a2b__id_idx on app.heads_1a2b ((_jsonb -> '_id'));
    insert into app.heads_1a2b select jsonb_build_object('_id', 'chat-' || i, 'seq', 0) from generate_series(1, 20) i;`);
});

afterAll(() => {
  psql(`${LOCAL}/postgres`, `drop database if exists ${name} with (force)`);
});

test('a document updated 2 000 times is read with as few buffers as a new one once the due tables are vacuumed', async () => {
  const fresh = readBuffers();
  // A chat's head place, raised twice per send: 1 000 sends.
  psql(url, `do $$ begin for i in 1..2000 loop update app.heads_1a2b set _jsonb = jsonb_set(_jsonb, '{seq}', to_jsonb(i)) where _jsonb->'_id' = '"chat-1"'; end loop; end $$;`);
  // The statistics collector reports the dead rows at its next flush.
  psql(url, 'select pg_stat_force_next_flush()');
  const bloated = readBuffers();
  expect(bloated).toBeGreaterThan(fresh * 5);

  expect(await vacuumDue(url)).toBeGreaterThanOrEqual(1);
  expect(readBuffers()).toBeLessThanOrEqual(fresh + 1);
  // Nothing is due any more: the next round vacuums nothing.
  psql(url, 'select pg_stat_force_next_flush()');
  expect(await vacuumDue(url)).toBe(0);
});
