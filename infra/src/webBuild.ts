import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { formatPrefix, useColor } from './log';
import { onShutdown } from './lifecycle';
import { ManagedProcess, describeExit, type LineSink } from './processes';

/** The front ends, built one after the other (2 cores). */
export const FRONT_ENDS = ['shell', 'mf-discover', 'mf-chat', 'mf-wallet', 'mf-news', 'mf-admin'] as const;
export type FrontEnd = (typeof FRONT_ENDS)[number];

/** Shared packages bundled into every front end, and the shared webpack factory: a change there rebuilds them all. */
const SHARED_INPUTS = ['packages/ui', 'packages/shell-sdk', 'packages/contracts', 'infra/webpack'];
/** Files and folders that never reach a bundle. */
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'dist-server', 'coverage', 'test', '__tests__', '.git']);
const SKIPPED_FILE = /\.(test|spec)\.[cm]?[jt]sx?$/;
export const STAMP_FILE = '.lakorn-build-stamp';

export type BuildStatus = 'built' | 'fresh' | 'failed' | 'missing';
export interface BuildReport {
  frontEnd: string;
  status: BuildStatus;
  ms: number;
  detail?: string;
}

/**
 * Every file a front end's bundle depends on: its own folder (less tests), the shared packages,
 * root webpack files and the lockfile (a dependency upgrade changes the bundle too).
 */
export async function buildInputs(root: string, frontEnd: string): Promise<string[]> {
  const files: string[] = [];
  for (const dir of [frontEnd, ...SHARED_INPUTS]) await collect(path.join(root, dir), files);
  for (const entry of await fs.readdir(root, { withFileTypes: true })) {
    if (entry.isFile() && (entry.name === 'package-lock.json' || entry.name.startsWith('webpack'))) {
      files.push(path.join(root, entry.name));
    }
  }
  return files.sort();
}

async function collect(dir: string, out: string[]): Promise<void> {
  let entries;
  try {
    entries = await fs.readdir(dir, { withFileTypes: true });
  } catch {
    return; // a package not written yet
  }
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!SKIPPED_DIRS.has(entry.name)) await collect(full, out);
    } else if (entry.isFile() && !SKIPPED_FILE.test(entry.name)) {
      out.push(full);
    }
  }
}

/**
 * A fingerprint of the inputs (path, size, mtime of each). Stored in dist/ after a build, so any
 * edit, added or deleted file, or a checkout that moves mtimes backwards, means a rebuild.
 */
export async function inputFingerprint(root: string, frontEnd: string): Promise<string> {
  const hash = createHash('sha256');
  for (const file of await buildInputs(root, frontEnd)) {
    const stat = await fs.stat(file);
    hash.update(`${path.relative(root, file)}\t${stat.size}\t${stat.mtimeMs}\n`);
  }
  return hash.digest('hex');
}

function stampPath(root: string, frontEnd: string): string {
  return path.join(root, frontEnd, 'dist', STAMP_FILE);
}

async function readStamp(root: string, frontEnd: string): Promise<string | undefined> {
  return (await fs.readFile(stampPath(root, frontEnd), 'utf8').catch(() => undefined))?.trim();
}

/** True when dist/ was built from exactly the current inputs. */
export async function isBuildFresh(root: string, frontEnd: string): Promise<boolean> {
  return (await readStamp(root, frontEnd)) === (await inputFingerprint(root, frontEnd));
}

async function writeStamp(root: string, frontEnd: string, fingerprint: string): Promise<void> {
  await fs.writeFile(stampPath(root, frontEnd), `${fingerprint}\n`);
}

export interface BuildOptions {
  root: string;
  frontEnds?: readonly string[];
  /** Rebuild even when fresh. */
  force?: boolean;
  sink?: LineSink;
  /** The webpack command; tests use a stand-in. Default: this repository's webpack CLI. */
  webpack?: { command: string; args: (frontEnd: string) => string[] };
}

/** `npx webpack --mode production -c <fe>/webpack.config.js`, with the locally installed webpack. */
export function defaultWebpack(root: string): NonNullable<BuildOptions['webpack']> {
  const bin = require.resolve('webpack/bin/webpack.js', { paths: [root] });
  return {
    command: process.execPath,
    args: (frontEnd) => [bin, '--mode', 'production', '-c', path.join(frontEnd, 'webpack.config.js')],
  };
}

/** Builds the front ends whose inputs changed, one at a time; keeps going after a failure. */
export async function buildFrontEnds(options: BuildOptions): Promise<BuildReport[]> {
  const frontEnds = options.frontEnds ?? FRONT_ENDS;
  const sink = options.sink ?? ((lines: string[]) => lines.forEach((line) => process.stdout.write(`${line}\n`)));
  const color = options.sink ? false : useColor();
  const reports: BuildReport[] = [];
  for (const frontEnd of frontEnds) {
    const started = Date.now();
    const report = (status: BuildStatus, detail?: string) => reports.push({ frontEnd, status, ms: Date.now() - started, detail });
    const label = `build ${frontEnd}`;
    const config = path.join(options.root, frontEnd, 'webpack.config.js');
    if (!existsSync(config)) {
      report('missing', `no ${path.relative(options.root, config)}`);
      sink([`${formatPrefix(label, { color })} cannot build: ${path.relative(options.root, config)} does not exist yet`]);
      continue;
    }
    // Taken before the build, so an edit made while webpack runs is built next time.
    const fingerprint = await inputFingerprint(options.root, frontEnd);
    if (!options.force && (await readStamp(options.root, frontEnd)) === fingerprint) {
      report('fresh');
      sink([`${formatPrefix(label, { color })} up to date (nothing changed since the last build)`]);
      continue;
    }
    const webpack = options.webpack ?? defaultWebpack(options.root);
    sink([`${formatPrefix(label, { color })} building…`]);
    const child = new ManagedProcess({
      name: label,
      command: webpack.command,
      args: webpack.args(frontEnd),
      cwd: options.root,
      env: process.env,
      sink,
      pino: false,
      format: { color },
    });
    const unregister = onShutdown(() => child.stop());
    const exit = await child.exited;
    unregister();
    if (exit.code !== 0) {
      report('failed', `webpack ${describeExit(exit)}`);
      sink([`${formatPrefix(label, { color })} FAILED: webpack ${describeExit(exit)}`]);
      continue;
    }
    if (!existsSync(path.join(options.root, frontEnd, 'dist'))) {
      report('failed', `webpack succeeded but wrote no ${frontEnd}/dist`);
      continue;
    }
    await writeStamp(options.root, frontEnd, fingerprint);
    report('built');
    sink([`${formatPrefix(label, { color })} built in ${((Date.now() - started) / 1000).toFixed(1)} s`]);
  }
  return reports;
}

export function buildsFailed(reports: readonly BuildReport[]): BuildReport[] {
  return reports.filter((report) => report.status === 'failed' || report.status === 'missing');
}
