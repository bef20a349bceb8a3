import { execFileSync } from 'node:child_process';
import { readFileSync, readlinkSync } from 'node:fs';
import net from 'node:net';

/**
 * `count` ports nothing listens on right now, all different: every one is held open until the OS
 * has picked them all. Asked one by one, a port closed after it was picked can be picked again,
 * and a stack whose gateway drew a service's port had that service answer the gateway's health
 * check while the gateway could not listen (bench/chaos, 2026-11-29).
 */
export async function freePorts(count: number): Promise<number[]> {
  const servers: net.Server[] = [];
  try {
    const ports: number[] = [];
    for (let i = 0; i < count; i++) {
      const server = net.createServer();
      server.unref();
      servers.push(server);
      ports.push(
        await new Promise<number>((resolve, reject) => {
          server.once('error', reject);
          server.listen(0, '127.0.0.1', () => {
            const address = server.address();
            if (typeof address === 'object' && address) resolve(address.port);
            else reject(new Error('no port'));
          });
        }),
      );
    }
    return ports;
  } finally {
    await Promise.all(servers.map((server) => new Promise<void>((resolve) => (server.listening ? server.close(() => resolve()) : resolve()))));
  }
}

/** A port nothing listens on right now (the OS picks it). */
export async function freePort(): Promise<number> {
  const [port] = await freePorts(1);
  return port as number;
}

/** True when something accepts connections on the port or it cannot be bound. */
export async function portInUse(port: number): Promise<boolean> {
  const answers = await new Promise<boolean>((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.setTimeout(500);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(false));
  });
  if (answers) return true;
  return new Promise<boolean>((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(true));
    server.listen(port, () => server.close(() => resolve(false)));
  });
}

/**
 * Who listens on a port, for the "already in use" message: the process id and command line from
 * `ss -ltnpH` and /proc (Linux), or undefined when that cannot be told (another user's process,
 * no ss). A Lakorn process is named as such, with the folder it runs from.
 */
export function describeListener(port: number): string | undefined {
  let line: string;
  try {
    line = execFileSync('ss', ['-ltnpH', `sport = :${port}`], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
  } catch {
    return undefined;
  }
  const pid = /pid=(\d+)/.exec(line)?.[1];
  if (!pid) return undefined;
  let command = /users:\(\("([^"]+)"/.exec(line)?.[1] ?? 'a process';
  let cwd: string | undefined;
  try {
    command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean).join(' ');
    cwd = readlinkSync(`/proc/${pid}/cwd`);
  } catch {
    // Another user's process: its name from ss is all there is.
  }
  const lakorn = /(gateway|services\/\w+)\/src\/main\.ts/.exec(command)?.[1];
  const who = lakorn ? `Lakorn's ${lakorn.replace('services/', '')}` : command.length > 80 ? `${command.slice(0, 77)}…` : command;
  return `${who} (pid ${pid}${cwd ? `, running in ${cwd}` : ''})`;
}
