import { startStack, type Stack } from '../src/stack';
import { ALL_ACCEPTED, ALL_REFUSED, refusedEverywhere, sessionStatuses, signInByDevToken, type CheckpointPorts } from '../../e2e/support/sessionProbes';

// An admin taken off ADMIN_EMAILS (ARCHITECTURE §5) is signed out everywhere once identity starts
// again with the new list, as an operator restarts it after editing .env: identity ends the
// sessions whose roles no longer hold and tells every service (identity.sessions.ended); each
// service also reloads ended sessions every SESSION_ENDS_REFRESH_MS, so 60 s bounds it.
// The whole stack, each service in its own process on its own port, the real FerretDB and RabbitMQ.

const WITHIN_MS = 60_000;

describe('an admin removed from ADMIN_EMAILS, through the whole stack', () => {
  let stack: Stack;
  const lines: string[] = [];

  beforeAll(async () => {
    // The runner's own start lines go to stdout; kept with the processes' lines instead.
    const write = jest.spyOn(process.stdout, 'write').mockImplementation((chunk) => lines.push(String(chunk)) > 0);
    try {
      stack = await startStack({
        isolated: true,
        buildWeb: false,
        overrides: { NODE_ENV: 'development', LOG_LEVEL: 'warn', ADMIN_EMAILS: 'boss@example.test,helper@example.test' },
        sink: (batch) => void lines.push(...batch),
      });
    } finally {
      write.mockRestore();
    }
  }, 180_000);

  afterAll(async () => {
    await stack?.stop();
  }, 60_000);

  test('is refused at the gateway and at every service\'s own port within 60 s of identity restarting without them; the admin still listed keeps theirs', async () => {
    const ports = stack.servicePorts as CheckpointPorts;
    const removed = await signInByDevToken(stack.url, 'helper@example.test', 'Helper');
    const kept = await signInByDevToken(stack.url, 'boss@example.test', 'Boss');
    expect(removed.profile.isAdmin).toBe(true);
    expect(await sessionStatuses(stack.url, ports, removed.cookie, removed.profile)).toEqual(ALL_ACCEPTED);

    await stack.restartWith('identity', { ADMIN_EMAILS: 'boss@example.test' });

    const { seen, ms } = await refusedEverywhere(stack.url, ports, removed.cookie, removed.profile, WITHIN_MS);
    expect(seen).toEqual(ALL_REFUSED);
    expect(ms).toBeLessThanOrEqual(WITHIN_MS);
    expect(await sessionStatuses(stack.url, ports, kept.cookie, kept.profile)).toEqual(ALL_ACCEPTED);
    // Signing in again gives a member's session, without the admin role.
    const again = await signInByDevToken(stack.url, 'helper@example.test', 'Helper');
    expect(again.profile.isAdmin).toBe(false);
    expect(lines.join('\n')).toContain('identity stopped to start again with changed settings');
  }, 120_000);
});
