#!/usr/bin/env node
// `npm start` / `npm test` on a fresh clone (ARCHITECTURE §10). Plain Node with no dependencies,
// because it runs before node_modules exists: checks Node, installs npm packages when they are
// missing or out of date, installs Debian's Chromium for the browser journeys and PostgreSQL for
// FerretDB's PostgreSQL backend (ARCHITECTURE §2), then hands over to
// the runner (infra/bin/lakorn-infra.mjs → infra/src/cli.ts).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const CHROMIUM = '/usr/bin/chromium';

const say = (message) => console.info(`[lakorn] ${message}`);
const fail = (message) => {
  console.error(`[lakorn] ${message}`);
  process.exit(1);
};

function checkNode() {
  const [major, minor] = process.versions.node.split('.').map(Number);
  if (major < 20 || (major === 20 && minor < 19)) {
    fail(`Node.js ${process.versions.node} is too old: Lakorn needs Node.js 20.19 or later.`);
  }
}

/** Why npm packages must be installed, or undefined when node_modules matches the lockfile. */
export function installReason(dir) {
  const modules = path.join(dir, 'node_modules');
  const lock = path.join(dir, 'package-lock.json');
  if (!existsSync(modules)) return 'node_modules is missing';
  if (!existsSync(lock)) return undefined;
  // npm writes node_modules/.package-lock.json with what it installed.
  const installed = path.join(modules, '.package-lock.json');
  if (!existsSync(installed)) return 'node_modules was not installed from package-lock.json';
  // patch-package applies patches/ on every install (package.json postinstall, patches/README.md).
  const patches = path.join(dir, 'patches');
  const installedAt = statSync(installed).mtimeMs;
  if (existsSync(patches) && readdirSync(patches).some((name) => name.endsWith('.patch') && statSync(path.join(patches, name)).mtimeMs > installedAt)) {
    return 'patches/ changed since the last install';
  }
  if (statSync(lock).mtimeMs <= installedAt) return undefined;
  // The lockfile is newer; a re-save with the same packages (a checkout, a merge) needs nothing.
  return lockDiffers(readJson(lock), readJson(installed)) ? 'package-lock.json changed since the last install' : undefined;
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return {};
  }
}

function lockDiffers(lock, installed) {
  const wanted = lock.packages ?? {};
  const have = installed.packages ?? {};
  for (const [key, entry] of Object.entries(wanted)) {
    if (!key.includes('node_modules/')) continue; // the root and workspace folders themselves
    const got = have[key];
    if (!got) {
      if (entry.optional) continue; // a platform package npm skipped on this machine
      return true;
    }
    if (entry.link ? got.resolved !== entry.resolved : got.version !== entry.version) return true;
  }
  return Object.keys(have).some((key) => key.includes('node_modules/') && !(key in wanted));
}

function installPackages() {
  const reason = installReason(root);
  if (!reason) return;
  const command = existsSync(path.join(root, 'package-lock.json')) ? 'ci' : 'install';
  say(`${reason}: running npm ${command}…`);
  let result = spawnSync('npm', [command, '--no-audit', '--no-fund'], { cwd: root, stdio: ['inherit', 'inherit', 'pipe'], encoding: 'utf8' });
  // npm/cli#4828: npm 11 writes a lockfile holding only this platform's optional binaries (swc,
  // esbuild, rspack...) and `npm ci` then refuses it as "out of sync". `npm install` installs the
  // same locked versions and tolerates the missing other-platform entries. That refusal is
  // expected, so its screenful of npm errors is replaced by one line; any other failure is shown.
  const lockRefused = /can only install packages when your package\.json and package-lock\.json/.test(result.stderr ?? '');
  if (command === 'ci' && result.status !== 0 && lockRefused) {
    say('npm ci refused the lockfile for want of other platforms\' optional packages (npm/cli#4828): running npm install with the same lockfile…');
    result = spawnSync('npm', ['install', '--no-audit', '--no-fund'], { cwd: root, stdio: 'inherit' });
  } else {
    process.stderr.write(result.stderr ?? '');
  }
  if (result.status !== 0) fail(`npm install failed (exit ${result.status ?? result.signal}).`);
}

/**
 * Debian packages the tests use: Chromium for the browser journeys (ARCHITECTURE §10), and
 * iproute2 (`ip netns`, `ss`) for the tests that play a second machine on the network and check
 * where the stack listens. Installed with apt-get when missing and running as root.
 */
function ensureDebianPackages(wanted) {
  const missing = wanted.filter(({ file }) => !existsSync(file));
  if (missing.length === 0) return;
  const names = [...new Set(missing.map(({ pkg }) => pkg))];
  const what = missing.map(({ file, why }) => `${file} (${why})`).join(', ');
  if (process.getuid?.() !== 0) {
    say(`${what} missing, so those tests will fail. Install: sudo apt-get install -y ${names.join(' ')}`);
    return;
  }
  say(`${what} missing: installing Debian's ${names.join(', ')}…`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const step of [['update'], ['install', '-y', '--no-install-recommends', ...names]]) {
    const result = spawnSync('apt-get', step, { stdio: 'inherit', env });
    if (result.status !== 0) {
      say(`apt-get ${step.join(' ')} failed (exit ${result.status ?? result.error?.message}); those tests will fail.`);
      return;
    }
  }
}

const IPROUTE2 = [
  { file: '/usr/sbin/ip', pkg: 'iproute2', why: 'second-host tests' },
  { file: '/usr/bin/ss', pkg: 'iproute2', why: 'where the stack listens' },
];

const POSTGRESQL = { file: '/usr/bin/psql', pkg: 'postgresql', why: 'FerretDB on PostgreSQL and the hot-path EXPLAIN test' };

/**
 * A PostgreSQL this script installed answers the runner as the root-less tests expect: user
 * postgres over 127.0.0.1 without a password (trust for that one user and address only; an
 * installation found on the machine is left as it is configured).
 */
function trustLocalPostgres() {
  const etc = '/etc/postgresql';
  if (!existsSync(etc)) return;
  for (const version of readdirSync(etc)) {
    const hba = path.join(etc, version, 'main', 'pg_hba.conf');
    if (!existsSync(hba)) continue;
    const text = readFileSync(hba, 'utf8');
    if (!text.includes('# lakorn')) {
      writeFileSync(hba, `# lakorn: the runner connects as postgres from this machine only\nhost all postgres 127.0.0.1/32 trust\n${text}`);
    }
    spawnSync('pg_ctlcluster', [version, 'main', 'restart'], { stdio: 'inherit' });
  }
}

function runRunner() {
  const child = spawn(process.execPath, [path.join(root, 'infra', 'bin', 'lakorn-infra.mjs'), ...args], {
    cwd: root,
    stdio: 'inherit',
  });
  // Ctrl-C reaches the runner too (same terminal group): wait while it stops what it started.
  process.on('SIGINT', () => {});
  for (const signal of ['SIGTERM', 'SIGHUP']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? (signal === 'SIGINT' ? 130 : 1)));
}

// Run only as a script (tests import installReason).
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  checkNode();
  installPackages();
  const onlyAt = args.findIndex((a) => a === '--only' || a.startsWith('--only='));
  const only = onlyAt < 0 ? undefined : args[onlyAt].includes('=') ? args[onlyAt].split('=')[1] : args[onlyAt + 1];
  if (args[0] === 'test' && only !== 'static') {
    const chromium = only === undefined || only === 'e2e' ? [{ file: CHROMIUM, pkg: 'chromium', why: 'browser journeys' }] : [];
    const hadPostgres = existsSync(POSTGRESQL.file);
    ensureDebianPackages([...chromium, ...IPROUTE2, POSTGRESQL]);
    if (!hadPostgres && existsSync(POSTGRESQL.file)) trustLocalPostgres();
  }
  runRunner();
}
