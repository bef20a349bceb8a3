import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface RemoteResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * Another machine on the network, made on this one: a network namespace joined to this host by a
 * veth pair on a /30 of its own. Requests sent with `fetch` leave from `peerAddress`, so a server
 * listening on `hostAddress` sees a socket address that is not loopback, as a laptop on the same
 * café network would. Needs root and iproute2 (`ip netns`); `close()` removes both ends.
 */
export interface SecondHost {
  /** This machine's end: listen here to be reachable from the second host. */
  hostAddress: string;
  /** The second host's address, as servers see it. */
  peerAddress: string;
  fetch(url: string, init?: { method?: string; headers?: Record<string, string>; body?: string }): Promise<RemoteResponse>;
  close(): Promise<void>;
}

export async function openSecondHost(): Promise<SecondHost> {
  if (typeof process.getuid === 'function' && process.getuid() !== 0) {
    throw new Error('openSecondHost needs root to make a network namespace (ip netns); run the tests as root, as CI does');
  }
  const id = randomBytes(3).toString('hex');
  const namespace = `lakorn-${id}`;
  const hostEnd = `lk${id}h`;
  const peerEnd = `lk${id}p`;
  // 10.213.0.0/16, one /30 per namespace, chosen at random so parallel test files do not meet.
  const block = randomBytes(2).readUInt16BE() & 0x3fff;
  const base = `10.213.${block >> 6}.${(block & 0x3f) * 4}`;
  const [a, b, c, d] = base.split('.').map(Number) as [number, number, number, number];
  const hostAddress = `${a}.${b}.${c}.${d + 1}`;
  const peerAddress = `${a}.${b}.${c}.${d + 2}`;
  const ip = (...args: string[]) => run('ip', args);
  try {
    await ip('netns', 'add', namespace);
    await ip('link', 'add', hostEnd, 'type', 'veth', 'peer', 'name', peerEnd);
    await ip('link', 'set', peerEnd, 'netns', namespace);
    await ip('addr', 'add', `${hostAddress}/30`, 'dev', hostEnd);
    await ip('link', 'set', hostEnd, 'up');
    await ip('netns', 'exec', namespace, 'ip', 'addr', 'add', `${peerAddress}/30`, 'dev', peerEnd);
    await ip('netns', 'exec', namespace, 'ip', 'link', 'set', peerEnd, 'up');
    await ip('netns', 'exec', namespace, 'ip', 'link', 'set', 'lo', 'up');
  } catch (error) {
    await removeNamespace(namespace, hostEnd);
    throw new Error(`could not make a second host with ip netns: ${(error as Error).message}`);
  }
  return {
    hostAddress,
    peerAddress,
    async fetch(url, init = {}) {
      // A node process inside the namespace makes the request; it answers with one JSON line.
      const script = `
        const { url, init } = JSON.parse(process.env.SECOND_HOST_REQUEST);
        fetch(url, { ...init, redirect: 'manual', signal: AbortSignal.timeout(10000) }).then(
          async (r) => console.log(JSON.stringify({ status: r.status, headers: Object.fromEntries(r.headers), body: await r.text() })),
          (e) => { console.error(String(e.cause ?? e)); process.exit(1); });`;
      const { stdout } = await run('ip', ['netns', 'exec', namespace, process.execPath, '-e', script], {
        env: { ...process.env, SECOND_HOST_REQUEST: JSON.stringify({ url, init }) },
      });
      return JSON.parse(stdout) as RemoteResponse;
    },
    close: () => removeNamespace(namespace, hostEnd),
  };
}

async function removeNamespace(namespace: string, hostEnd: string): Promise<void> {
  // Deleting the namespace destroys its veth end, and with it the pair.
  await run('ip', ['netns', 'del', namespace]).catch(() => undefined);
  await run('ip', ['link', 'del', hostEnd]).catch(() => undefined);
}
