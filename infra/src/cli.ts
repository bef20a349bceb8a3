import { ConfigError, envTableMarkdown, readRunnerEnv } from './config';
import { ensureInfrastructure } from './infrastructure';
import { installSignalHandlers, isShuttingDown, onShutdown, runCleanups } from './lifecycle';
import { say } from './log';
import { repoPaths } from './paths';
import { start } from './start';
import { TEST_GROUPS, runTests, type TestGroup } from './testRun';
import { buildFrontEnds, buildsFailed } from './webBuild';

const USAGE = `lakorn-infra: the local runner of npm start, npm test and CI

  lakorn-infra start                    infrastructure, front ends, services, gateway; prints the URL
  lakorn-infra test [--only=GROUP]      type-check, lint, jest, front-end builds, browser journeys
                                        GROUP: ${TEST_GROUPS.join(' | ')} (npm test -- --only=unit)
  lakorn-infra build [--force] [NAME…]  the front-end builds only (skipped when nothing changed)
  lakorn-infra up                       FerretDB and RabbitMQ only; Ctrl-C stops what it started
  lakorn-infra env                      the table of environment variables and defaults (Markdown)
`;

export function parseOnly(args: readonly string[]): TestGroup | undefined {
  const index = args.findIndex((a) => a === '--only' || a.startsWith('--only='));
  if (index < 0) return undefined;
  const arg = args[index] ?? '';
  const value = arg.includes('=') ? arg.slice(arg.indexOf('=') + 1) : args[index + 1];
  if (!TEST_GROUPS.includes(value as TestGroup)) {
    throw new ConfigError(`--only must be one of ${TEST_GROUPS.join(', ')} (got ${value ?? 'nothing'})`);
  }
  return value as TestGroup;
}

async function main(argv: string[]): Promise<number> {
  const [command, ...args] = argv;
  switch (command) {
    case 'start':
      return start();
    case 'test':
      return runTests(parseOnly(args));
    case 'build': {
      const names = args.filter((a) => !a.startsWith('-'));
      const reports = await buildFrontEnds({ root: repoPaths().root, force: args.includes('--force'), frontEnds: names.length ? names : undefined });
      const failed = buildsFailed(reports);
      for (const r of failed) say(`build ${r.frontEnd} failed: ${r.detail ?? r.status}`);
      return failed.length === 0 ? 0 : 1;
    }
    case 'up': {
      const infrastructure = await ensureInfrastructure(readRunnerEnv());
      onShutdown(() => infrastructure.stop());
      say('infrastructure is up; Ctrl-C to stop what this runner started');
      // A pending promise holds no handle: with a FerretDB found running (nothing of ours to wait
      // on) node would exit here without a word. The interval keeps the runner up until Ctrl-C.
      const keepAlive = setInterval(() => undefined, 60_000);
      say(await infrastructure.died);
      clearInterval(keepAlive);
      return 1;
    }
    case 'env':
      process.stdout.write(`${envTableMarkdown()}\n`);
      return 0;
    case undefined:
    case 'help':
    case '--help':
      process.stdout.write(USAGE);
      return command === undefined ? 1 : 0;
    default:
      process.stderr.write(`unknown command: ${command}\n\n${USAGE}`);
      return 1;
  }
}

// A closed pipe (`npm start | head`, a terminal gone) must not kill the runner before it has
// stopped its children.
for (const stream of [process.stdout, process.stderr]) stream.on('error', () => undefined);
installSignalHandlers();
process.on('uncaughtException', (error) => {
  console.error(`runner failed: ${error.stack ?? error.message}`);
  void runCleanups().finally(() => process.exit(1));
});
main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  async (error: unknown) => {
    // After Ctrl-C the processes being waited for exit; the signal handler reports and exits.
    if (isShuttingDown()) return;
    // Operational failures are told as messages; a stack trace only for a bug in the runner.
    const bug = error instanceof TypeError || error instanceof ReferenceError || error instanceof RangeError || !(error instanceof Error);
    say(bug ? `runner failed: ${(error as Error).stack ?? String(error)}` : (error as Error).message);
    await runCleanups();
    process.exit(1);
  },
);
