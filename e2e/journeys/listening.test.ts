import { execFileSync } from 'node:child_process';
import { E2E_PORTS_VARIABLE } from '../support';

/**
 * The stack the runner starts (as `npm start` does) listens on this machine only: nobody on the
 * same café or office network reaches the gateway, the development sign-in or a service (HOST).
 */
describe('where the started stack listens', () => {
  it('binds the gateway and all five services to 127.0.0.1 and to no other address', () => {
    const ports = JSON.parse(process.env[E2E_PORTS_VARIABLE] ?? 'null') as Record<string, number> | null;
    if (!ports) throw new Error(`${E2E_PORTS_VARIABLE} is not set: the e2e global setup starts the stack and sets it`);
    // `ss -ltnH`: one listening TCP socket a line, the local address:port in the fourth column.
    const listening = execFileSync('ss', ['-ltnH'], { encoding: 'utf8' })
      .split('\n')
      .map((line) => line.trim().split(/\s+/)[3] ?? '')
      .filter(Boolean);
    const addressesOf = (port: number) => listening.filter((local) => local.endsWith(`:${port}`)).map((local) => local.slice(0, local.lastIndexOf(':')));
    const seen = Object.fromEntries(Object.entries(ports).map(([name, port]) => [name, addressesOf(port)]));
    expect(seen).toEqual(Object.fromEntries(Object.keys(ports).map((name) => [name, ['127.0.0.1']])));
  });
});
