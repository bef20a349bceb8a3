import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { readRunnerEnv } from './config';
import { ensureInfrastructure, type Infrastructure } from './infrastructure';
import { sessionKeys } from './keys';
import { onShutdown } from './lifecycle';
import { say } from './log';
import { repoPaths } from './paths';
import { runInForeground } from './processes';
import { buildFrontEnds, buildsFailed } from './webBuild';

/**
 * `--only=` groups: static checks, the jest tests of every workspace, builds + browser journeys,
 * and a short run of our chaos suite (last and alone: it kills processes and stops RabbitMQ).
 */
export const TEST_GROUPS = ['static', 'unit', 'e2e', 'chaos'] as const;

/**
 * The chaos run of `npm test` (bench/README.md "chaos"): short, with a fault every 15 s so each
 * target (every service, the gateway, FerretDB and RabbitMQ) is hit once.
 */
const CHAOS_ARGS = ['--minutes', '2.5', '--fault-every', '15', '--members', '6'];
export type TestGroup = (typeof TEST_GROUPS)[number];

export interface PhaseResult {
  phase: string;
  ok: boolean;
  ms: number;
  /** Test counts for jest phases; a check without tests counts as one. */
  passed: number;
  failed: number;
  skipped: number;
  note?: string;
}

interface JestSummary {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
  numRuntimeErrorTestSuites: number;
  numTotalTests: number;
  success: boolean;
}

/**
 * `npm test` (ARCHITECTURE §10): infrastructure and keys, then type-check, lint, every
 * workspace's jest tests, the front-end builds and the browser journeys. It keeps going after a
 * failure so one run shows everything that failed; the exit code is non-zero if anything did.
 */
export async function runTests(only: TestGroup | undefined, root = repoPaths().root): Promise<number> {
  const paths = repoPaths(root);
  const settings = readRunnerEnv();
  const groups = new Set<TestGroup>(only ? [only] : TEST_GROUPS);
  const results: PhaseResult[] = [];

  let infrastructure: Infrastructure | undefined;
  let infrastructureError: string | undefined;
  if (groups.has('unit') || groups.has('e2e')) {
    try {
      infrastructure = await ensureInfrastructure(settings, paths);
      await sessionKeys(settings, paths.keysDir);
    } catch (error) {
      infrastructureError = (error as Error).message;
      say(`infrastructure is not available, so the unit and e2e phases cannot run:\n${infrastructureError}`);
    }
  }
  const testEnv: NodeJS.ProcessEnv = {
    ...process.env,
    ...(infrastructure ? { MONGODB_URL: infrastructure.mongodbUrl, AMQP_URL: infrastructure.amqpUrl } : {}),
  };

  try {
    if (groups.has('static')) {
      results.push(await runCheck('typecheck', 'npm', ['run', 'typecheck'], root));
      results.push(await runCheck('lint', 'npm', ['run', 'lint'], root));
    }
    if (groups.has('unit')) {
      results.push(
        infrastructureError
          ? notRun('unit (jest)', 'infrastructure unavailable')
          : await runJest('unit (jest)', ['--maxWorkers=2'], root, testEnv),
      );
      // The fuzz suite starts a stack of its own (bench/README.md "fuzz"), so it runs after the
      // workspaces' tests, not beside them on 2 cores. FUZZ_RUNS sets its draws per route.
      results.push(
        infrastructureError
          ? notRun('fuzz', 'infrastructure unavailable')
          : await runJest('fuzz', ['-c', 'bench/fuzz/jest.config.js', '--runInBand'], root, testEnv),
      );
    }
    if (groups.has('e2e')) {
      const build = await runBuildPhase(root);
      results.push(build);
      if (infrastructureError) results.push(notRun('e2e (journeys)', 'infrastructure unavailable'));
      else if (!build.ok) results.push(notRun('e2e (journeys)', 'front-end build failed'));
      else results.push(await runJest('e2e (journeys)', ['-c', 'e2e/jest.config.js', '--runInBand'], root, testEnv));
    }
    if (groups.has('chaos')) {
      results.push(
        infrastructureError
          ? notRun('chaos', 'infrastructure unavailable')
          : await runCheck('chaos', 'npx', ['tsx', 'bench/chaos/chaos.bench.ts', ...CHAOS_ARGS], root, testEnv),
      );
    }
  } finally {
    await infrastructure?.stop();
  }

  printSummary(results);
  return results.every((r) => r.ok) ? 0 : 1;
}

async function runCheck(phase: string, command: string, args: string[], root: string, env: NodeJS.ProcessEnv = process.env): Promise<PhaseResult> {
  banner(phase);
  const started = Date.now();
  const code = await foreground(command, args, root, env);
  const ok = code === 0;
  return { phase, ok, ms: Date.now() - started, passed: ok ? 1 : 0, failed: ok ? 0 : 1, skipped: 0, note: ok ? undefined : `exit ${code}` };
}

async function runBuildPhase(root: string): Promise<PhaseResult> {
  banner('front-end builds');
  const started = Date.now();
  const reports = await buildFrontEnds({ root });
  const failed = buildsFailed(reports);
  const built = reports.filter((r) => r.status === 'built').length;
  const fresh = reports.filter((r) => r.status === 'fresh').length;
  return {
    phase: 'front-end builds',
    ok: failed.length === 0,
    ms: Date.now() - started,
    passed: reports.length - failed.length,
    failed: failed.length,
    skipped: 0,
    note: `${built} built, ${fresh} up to date${failed.length ? `; failed: ${failed.map((r) => r.frontEnd).join(', ')}` : ''}`,
  };
}

/** jest with a JSON report, so the summary can count tests. */
async function runJest(phase: string, args: string[], root: string, env: NodeJS.ProcessEnv): Promise<PhaseResult> {
  banner(phase);
  const started = Date.now();
  const report = path.join(os.tmpdir(), `lakorn-jest-${process.pid}-${randomBytes(4).toString('hex')}.json`);
  const jest = require.resolve('jest/bin/jest', { paths: [root] });
  const code = await foreground(process.execPath, [jest, ...args, '--json', `--outputFile=${report}`], root, env);
  const summary = await fs
    .readFile(report, 'utf8')
    .then((text) => JSON.parse(text) as JestSummary)
    .catch(() => undefined);
  await fs.rm(report, { force: true });
  const ms = Date.now() - started;
  if (!summary) return { phase, ok: false, ms, passed: 0, failed: 1, skipped: 0, note: `jest exited ${code} without a report` };
  const failed = summary.numFailedTests + summary.numRuntimeErrorTestSuites;
  const ok = code === 0 && summary.success;
  return {
    phase,
    ok,
    ms,
    passed: summary.numPassedTests,
    // A jest run that fails with no failing test (no tests found, a bad config) still counts.
    failed: ok ? failed : Math.max(failed, 1),
    skipped: summary.numPendingTests + summary.numTodoTests,
    note: summary.numTotalTests === 0 ? 'no tests found' : undefined,
  };
}

async function foreground(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv): Promise<number> {
  const { child, done } = runInForeground(command, args, { cwd, env });
  const unregister = onShutdown(async () => {
    child.kill('SIGTERM');
    await done;
  });
  const code = await done;
  unregister();
  return code;
}

function notRun(phase: string, reason: string): PhaseResult {
  return { phase, ok: false, ms: 0, passed: 0, failed: 1, skipped: 0, note: `not run: ${reason}` };
}

function banner(phase: string): void {
  say(`── ${phase} ${'─'.repeat(Math.max(0, 60 - phase.length))}`);
}

/** The phase table, then one closing line `tests: N passed, N failed, N skipped`. */
export function formatSummary(results: readonly PhaseResult[]): string[] {
  const lines = ['', 'Summary (a check without tests counts as one):'];
  for (const r of results) {
    const counts = `${r.passed} passed, ${r.failed} failed${r.skipped ? `, ${r.skipped} skipped` : ''}`;
    const note = r.note ? ` (${r.note})` : '';
    lines.push(`  ${r.ok ? 'PASS' : 'FAIL'}  ${r.phase.padEnd(18)} ${counts.padEnd(32)} ${(r.ms / 1000).toFixed(1)} s${note}`);
  }
  const failedPhases = results.filter((r) => !r.ok).map((r) => r.phase);
  if (failedPhases.length > 0) lines.push(`Failed: ${failedPhases.join(', ')}`);
  const sum = (key: 'passed' | 'failed' | 'skipped') => results.reduce((total, r) => total + r[key], 0);
  lines.push(`tests: ${sum('passed')} passed, ${sum('failed')} failed${sum('skipped') ? `, ${sum('skipped')} skipped` : ''}`);
  return lines;
}

function printSummary(results: readonly PhaseResult[]): void {
  for (const line of formatSummary(results)) process.stdout.write(`${line}\n`);
}
