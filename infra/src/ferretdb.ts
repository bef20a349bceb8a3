import { spawn } from 'node:child_process';
import { closeSync, existsSync, openSync, readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { MongoClient } from 'mongodb';
import type { FerretBackend } from './postgres';
import { FERRETDB_LISTEN } from './config';
import { say } from './log';
import type { RepoPaths } from './paths';
import { runQuiet } from './tools';

export const FERRETDB_VERSION = 'v1.24.2';
const FERRETDB_MODULE = 'github.com/FerretDB/FerretDB';

/** True when a MongoDB-wire server answers a ping at `url` within `timeoutMs`. */
export async function pingMongo(url: string, timeoutMs = 2_000): Promise<boolean> {
  const client = new MongoClient(url, { serverSelectionTimeoutMS: timeoutMs, connectTimeoutMS: timeoutMs });
  try {
    await client.connect();
    await client.db('admin').command({ ping: 1 });
    return true;
  } catch {
    return false;
  } finally {
    await client.close().catch(() => undefined);
  }
}

export interface OwnedProcess {
  pid: number;
  /** Resolves with how it ended ("was killed by SIGKILL"), whoever ended it. */
  exited: Promise<string>;
  stop(): Promise<void>;
}

/**
 * Starts FerretDB on the chosen backend (PostgreSQL, or SQLite as in ARCHITECTURE §2) and waits
 * until a driver ping succeeds. Its log goes to .data/logs/ferretdb.log.
 */
export async function startFerretDb(
  paths: RepoPaths,
  backend: FerretBackend = { kind: 'sqlite' },
  listen: { host: string; port: number } = FERRETDB_LISTEN,
  timeoutMs = 30_000,
  /** More flags (the EXPLAIN test: `--log-level=debug --log-format=json`) and another log file name. */
  extra: { args?: string[]; logName?: string } = {},
): Promise<OwnedProcess> {
  const url = `mongodb://${listen.host}:${listen.port}/?directConnection=true&retryWrites=false`;
  await ensureFerretDbBinary(paths);
  await fs.mkdir(paths.ferretData, { recursive: true });
  await fs.mkdir(paths.logsDir, { recursive: true });
  const logFile = path.join(paths.logsDir, extra.logName ?? 'ferretdb.log');
  const log = openSync(logFile, 'a');
  const child = spawn(
    paths.ferretBinary,
    [
      ...(backend.kind === 'postgresql'
        ? ['--handler=postgresql', `--postgresql-url=${backend.url}`]
        : // Relative to cwd (the repository root), as in ARCHITECTURE §2.
          ['--handler=sqlite', '--sqlite-url=file:./.data/ferretdb/']),
      `--listen-addr=${listen.host}:${listen.port}`,
      '--telemetry=disable',
      '--state-dir=-',
      '--debug-addr=-',
      ...(extra.args ?? []),
    ],
    { cwd: paths.root, stdio: ['ignore', log, log], detached: true },
  );
  closeSync(log);
  let exited: string | undefined;
  const ended = new Promise<string>((resolve) =>
    child.once('exit', (code, signal) => {
      exited = signal ? `was killed by ${signal}` : `exited with code ${code}`;
      resolve(exited);
    }),
  );
  child.once('error', (error) => {
    exited = `could not start: ${error.message}`;
  });

  const deadline = Date.now() + timeoutMs;
  while (!(await pingMongo(url, 1_000))) {
    if (exited !== undefined || Date.now() > deadline) {
      if (exited === undefined) killGroup(child.pid, 'SIGKILL');
      throw new Error(
        `FerretDB ${exited ?? `did not answer within ${timeoutMs / 1000} s`}. Last lines of ${path.relative(paths.root, logFile)}:\n${tailOf(logFile)}`,
      );
    }
    await sleep(250);
  }
  const pid = child.pid ?? 0;
  return {
    pid,
    exited: ended,
    stop: async () => {
      if (exited !== undefined) return;
      killGroup(pid, 'SIGTERM');
      const timer = setTimeout(() => killGroup(pid, 'SIGKILL'), 10_000);
      await ended;
      clearTimeout(timer);
    },
  };
}

/**
 * Builds the FerretDB binary into .cache/ferretdb/bin when it is missing (about two minutes once).
 * `go install …@v1.24.2` cannot be used here: the module proxy refuses the version-list request
 * `go install` makes for its deprecation check, and a binary built from the module panics at start
 * because build/version/version.txt is not in the module. So: download the module, copy it,
 * write version.txt, and `go build` inside the copy.
 */
export async function ensureFerretDbBinary(paths: RepoPaths): Promise<void> {
  if (existsSync(paths.ferretBinary)) return;
  await fs.mkdir(paths.ferretCache, { recursive: true });
  const release = await acquireBuildLock(paths);
  try {
    if (existsSync(paths.ferretBinary)) return; // built by the runner that held the lock
    const go = await runQuiet('go', ['version'], { cwd: paths.root }).catch(() => undefined);
    if (!go || go.code !== 0) {
      throw new Error(
        'FerretDB is not built yet and Go is not installed to build it. Install Go (1.21 or later), ' +
          'or set MONGODB_URL to a running MongoDB-compatible server.',
      );
    }
    say(`building FerretDB ${FERRETDB_VERSION} into ${path.relative(paths.root, paths.ferretBinary)} (once; about 2 minutes)…`);
    const started = Date.now();
    const goEnv = { ...process.env, GOFLAGS: withBuildVcsOff(process.env.GOFLAGS) };

    // Outside any go.mod, so the download is of the module alone.
    const download = await runQuiet('go', ['mod', 'download', '-json', `${FERRETDB_MODULE}@${FERRETDB_VERSION}`], {
      cwd: os.tmpdir(),
      env: goEnv,
    });
    const info = parseDownload(download.stdout);
    if (download.code !== 0 || !info.Dir) {
      throw new Error(`go mod download failed: ${info.Error ?? (download.stderr.trim() || `exit ${download.code}`)}`);
    }

    const source = path.join(paths.ferretCache, 'src');
    if (existsSync(source)) {
      await makeWritable(source);
      await fs.rm(source, { recursive: true, force: true });
    }
    await fs.cp(info.Dir, source, { recursive: true });
    // The module cache is read-only; the build writes version.txt and go may touch go.sum.
    await makeWritable(source);
    await fs.mkdir(path.join(source, 'build', 'version'), { recursive: true });
    await fs.writeFile(path.join(source, 'build', 'version', 'version.txt'), `${FERRETDB_VERSION}\n`);

    const output = `${paths.ferretBinary}.partial-${process.pid}`;
    await fs.mkdir(path.dirname(paths.ferretBinary), { recursive: true });
    const build = await runQuiet('go', ['build', '-o', output, './cmd/ferretdb'], { cwd: source, env: goEnv });
    if (build.code !== 0) {
      await fs.rm(output, { force: true });
      throw new Error(`go build of FerretDB failed (exit ${build.code}):\n${lastLines(build.stderr, 30)}`);
    }
    await fs.rename(output, paths.ferretBinary);
    say(`FerretDB built in ${Math.round((Date.now() - started) / 1000)} s`);
  } finally {
    await release();
  }
}

function withBuildVcsOff(goflags: string | undefined): string {
  // The copy is not a git checkout; without this flag go build fails trying to stamp VCS info.
  return goflags?.includes('-buildvcs') ? goflags : `${goflags ?? ''} -buildvcs=false`.trim();
}

function parseDownload(stdout: string): { Dir?: string; Error?: string } {
  try {
    return JSON.parse(stdout) as { Dir?: string; Error?: string };
  } catch {
    return {};
  }
}

async function makeWritable(dir: string): Promise<void> {
  await fs.chmod(dir, 0o755);
  for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) await makeWritable(full);
    else if (entry.isFile()) await fs.chmod(full, (await fs.stat(full)).mode | 0o200);
  }
}

/** One build at a time per checkout (a lock directory holding the builder's pid). */
async function acquireBuildLock(paths: RepoPaths): Promise<() => Promise<void>> {
  const lock = path.join(paths.ferretCache, 'build.lock');
  const deadline = Date.now() + 15 * 60_000;
  for (;;) {
    try {
      await fs.mkdir(lock);
      await fs.writeFile(path.join(lock, 'pid'), String(process.pid));
      return () => fs.rm(lock, { recursive: true, force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = await lockOwner(lock);
      if (owner === 'stale') {
        await fs.rm(lock, { recursive: true, force: true });
        continue;
      }
      if (Date.now() > deadline) throw new Error(`another runner (pid ${owner}) is still building FerretDB`);
      await sleep(1_000);
    }
  }
}

/** The pid holding the lock, or 'stale' when it is gone (a lock without a pid for 30 s is stale too). */
async function lockOwner(lock: string): Promise<number | 'stale' | 'starting'> {
  const pid = Number((await fs.readFile(path.join(lock, 'pid'), 'utf8').catch(() => '')).trim());
  if (pid) return isAlive(pid) ? pid : 'stale';
  const since = await fs.stat(lock).then((s) => Date.now() - s.mtimeMs, () => 0);
  return since > 30_000 ? 'stale' : 'starting';
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function killGroup(pid: number | undefined, signal: NodeJS.Signals): void {
  if (!pid) return;
  try {
    process.kill(-pid, signal);
  } catch {
    // already gone
  }
}

function tailOf(file: string, count = 15): string {
  try {
    return lastLines(readFileSync(file, 'utf8'), count);
  } catch {
    return '(no log)';
  }
}

function lastLines(text: string, count: number): string {
  return text.trimEnd().split('\n').slice(-count).join('\n');
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
