import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chooseFerretBackend } from '../src/postgres';

const LOCAL = 'postgres://postgres@127.0.0.1:5432';
const CLOSED = 'postgres://postgres@127.0.0.1:1/lakorn_nothing';

describe('FerretDB backend choice', () => {
  it('uses SQLite when asked to', async () => {
    await expect(chooseFerretBackend({ FERRETDB_BACKEND: 'sqlite', FERRETDB_POSTGRESQL_URL: `${LOCAL}/x` })).resolves.toEqual({ kind: 'sqlite' });
  });

  it('falls back to SQLite when no PostgreSQL answers (auto)', async () => {
    await expect(chooseFerretBackend({ FERRETDB_BACKEND: 'auto', FERRETDB_POSTGRESQL_URL: CLOSED })).resolves.toEqual({ kind: 'sqlite' });
  });

  it('refuses to start when PostgreSQL is required but cannot be used', async () => {
    await expect(chooseFerretBackend({ FERRETDB_BACKEND: 'postgresql', FERRETDB_POSTGRESQL_URL: CLOSED })).rejects.toThrow(/cannot be used/);
  });

  it('refuses a database name that is not a plain identifier', async () => {
    await expect(chooseFerretBackend({ FERRETDB_BACKEND: 'auto', FERRETDB_POSTGRESQL_URL: `${LOCAL}/bad-name;drop` })).rejects.toThrow(/must name a database/);
  });

  // This machine kind runs PostgreSQL (trust auth on 127.0.0.1); the runner creates the database.
  it('chooses the local PostgreSQL and creates its database when missing', async () => {
    const name = `lakorn_ferretdb_test_${randomBytes(3).toString('hex')}`;
    try {
      await expect(chooseFerretBackend({ FERRETDB_BACKEND: 'auto', FERRETDB_POSTGRESQL_URL: `${LOCAL}/${name}` })).resolves.toEqual({
        kind: 'postgresql',
        url: `${LOCAL}/${name}`,
      });
      const listed = spawnSync('psql', [`${LOCAL}/postgres`, '-tAc', `select 1 from pg_database where datname = '${name}'`], { encoding: 'utf8' });
      expect(listed.stdout.trim()).toBe('1');
    } finally {
      spawnSync('psql', [`${LOCAL}/postgres`, '-tAc', `drop database if exists ${name}`]);
    }
  });
});
