import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { ensureIndexTwins } from '../src/indexTwins';

// ARCHITECTURE §2 "Indexes on FerretDB v1": every btree index FerretDB makes gets a GIN twin on its
// leading field, so `_jsonb->'field' @> value` (FerretDB's pushed-down equality) is an index scan.
// Tables here are made the way FerretDB makes them (one jsonb column `_jsonb`, btree expression
// indexes), in a scratch database of the local PostgreSQL.

const LOCAL = 'postgres://postgres@127.0.0.1:5432';
const name = `lakorn_twins_test_${randomBytes(3).toString('hex')}`;
const url = `${LOCAL}/${name}`;

function psql(target: string, sql: string): string {
  const run = spawnSync('psql', [target, '-v', 'ON_ERROR_STOP=1', '-qtA', '-c', sql], { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`psql failed: ${run.stderr}${run.error?.message ?? ''}`);
  return run.stdout.trim();
}

const twinsOf = (schema: string) =>
  psql(url, `select tablename || ' ' || indexdef from pg_indexes where schemaname = '${schema}' and indexdef like '%USING gin%' order by 1`)
    .split('\n')
    .filter(Boolean);

beforeAll(() => {
  if (spawnSync('psql', ['--version']).status !== 0) {
    throw new Error('PostgreSQL is not installed: install it (Debian: apt-get install postgresql) and start it (pg_ctlcluster 15 main start); npm test installs it when run as root');
  }
  psql(`${LOCAL}/postgres`, `create database ${name}`);
  psql(url, `create schema app; create table app.messages_1a2b (_jsonb jsonb);
    create unique index messages_1a2b__id_idx on app.messages_1a2b ((_jsonb -> '_id'));
    create index messages_1a2b_chat_idx on app.messages_1a2b ((_jsonb -> 'chatId'), (_jsonb -> 'timestamp'));
    insert into app.messages_1a2b select jsonb_build_object('_id', 'm' || i, 'chatId', 'c' || (i % 500), 'timestamp', i) from generate_series(1, 20000) i;
    analyze app.messages_1a2b;`);
});

afterAll(() => {
  psql(`${LOCAL}/postgres`, `drop database if exists ${name} with (force)`);
});

describe('GIN twins of FerretDB indexes', () => {
  it('twins the leading field of every existing index, and a second run changes nothing', () => {
    const first = ensureIndexTwins(url);
    expect(first).toEqual({ mode: 'event trigger', twinned: 2 });
    const twins = twinsOf('app');
    expect(twins).toHaveLength(2);
    expect(twins.join('\n')).toMatch(/gin \(\(\(_jsonb -> '_id'::text\)\) jsonb_path_ops\) WITH \(fastupdate=off\)/);
    expect(twins.join('\n')).toMatch(/gin \(\(\(_jsonb -> 'chatId'::text\)\) jsonb_path_ops\) WITH \(fastupdate=off\)/);
    expect(ensureIndexTwins(url)).toEqual(first);
    expect(twinsOf('app')).toEqual(twins);
  });

  it('an index made later (a new collection) gets its twin from the event trigger at once', () => {
    ensureIndexTwins(url);
    psql(url, `create schema later; create table later.likes_9f (_jsonb jsonb); create unique index likes_9f__id_idx on later.likes_9f ((_jsonb -> '_id'))`);
    expect(twinsOf('later')).toEqual([`likes_9f CREATE INDEX likes_9f_911bb8e737_gin ON later.likes_9f USING gin (((_jsonb -> '_id'::text)) jsonb_path_ops) WITH (fastupdate=off)`]);
  });

  it('turns fastupdate off on a twin made with it on (its pending list slows every lookup)', () => {
    psql(url, `create schema old; create table old.t_1 (_jsonb jsonb); create index t_1_911bb8e737_gin on old.t_1 using gin ((_jsonb -> '_id') jsonb_path_ops);
      create index t_1__id_idx on old.t_1 ((_jsonb -> '_id'))`);
    ensureIndexTwins(url);
    expect(psql(url, `select reloptions from pg_class where relname = 't_1_911bb8e737_gin'`)).toBe('{fastupdate=off}');
  });

  it('serves FerretDB\'s pushed-down equality (`_jsonb->$1 @> $2`, prepared) with an index scan, not a sequential scan', () => {
    ensureIndexTwins(url);
    const plan = psql(
      url,
      `prepare q(text, jsonb) as select _jsonb from app.messages_1a2b where _jsonb->$1 @> $2; explain (format text) execute q('chatId', '"c7"')`,
    );
    expect(plan).toMatch(/Bitmap Index Scan on messages_1a2b_\w+_gin/);
    expect(plan).not.toMatch(/Seq Scan/);
  });
});
