import { reachableHost, readRunnerEnv, type RunnerEnv } from './config';
import { runCleanups } from './lifecycle';
import { say } from './log';
import { describeExit } from './processes';
import { startStack } from './stack';

/**
 * `npm start` (ARCHITECTURE §10): infrastructure, keys, front ends, the five services and the
 * gateway, then the URL. Runs until Ctrl-C; a process that dies is started again, and one that keeps
 * dying stops the rest (exit 1).
 */
export async function start(): Promise<number> {
  const settings = readRunnerEnv();
  const stack = await startStack();
  const admins = settings.ADMIN_EMAILS.split(',').map((e) => e.trim()).filter(Boolean);
  say(
    [
      `Lakorn is running at ${stack.url}`,
      settings.GOOGLE_CLIENT_ID
        ? '  Sign in with Google (GOOGLE_CLIENT_ID is set).'
        : '  Sign in: no GOOGLE_CLIENT_ID is set, so sign-in opens the development provider: type any e-mail and name.',
      `  ${admins.join(', ') || '(nobody)'} ${admins.length === 1 ? 'is' : 'are'} admin (ADMIN_EMAILS); ${settings.OWNER_EMAIL} is the owner (OWNER_EMAIL).`,
      ...openDoorWarnings(settings),
      '  Press Ctrl-C to stop.',
    ].join('\n'),
  );
  const death = await Promise.race([
    stack.died.then(
      (died) =>
        `${died.name} ${describeExit(died.exit)} again: it died ${died.crashes} times within a minute, so the runner gave up on it and is stopping the rest. Its last lines:\n${died.tail
          .slice(-15)
          .map((line) => `  ${line}`)
          .join('\n')}`,
    ),
    stack.infrastructureDied.then((reason) => `${reason}; stopping the rest (its log: .data/logs/ferretdb.log).`),
  ]);
  say(death);
  await runCleanups();
  return 1;
}

/**
 * The banner says so when a development shortcut is open beyond this machine (ARCHITECTURE §5,
 * §8): anyone who reaches the address could sign in as the admin or mint coins.
 */
export function openDoorWarnings(settings: Pick<RunnerEnv, 'HOST' | 'ALLOW_DEV_FROM_NETWORK'>): string[] {
  const warnings: string[] = [];
  if (reachableHost(settings.HOST) !== '127.0.0.1' || ['0.0.0.0', '::', '[::]'].includes(settings.HOST)) {
    warnings.push(`  Listening on ${settings.HOST} (HOST): other machines can reach Lakorn and its services.`);
  }
  if (settings.ALLOW_DEV_FROM_NETWORK === 'true') {
    warnings.push(
      '  WARNING: ALLOW_DEV_FROM_NETWORK=true: the development sign-in (any e-mail, the admin too) and simulated payments answer every address that reaches Lakorn.',
    );
  }
  return warnings;
}
