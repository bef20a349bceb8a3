import amqp from 'amqplib';
import { sleep } from './ferretdb';
import { say } from './log';
import { findExecutable, runQuiet } from './tools';

/** True when a real AMQP connection to `url` opens (and closes) within `timeoutMs`. */
export async function pingAmqp(url: string, timeoutMs = 3_000): Promise<boolean> {
  try {
    const connection = await amqp.connect(url, { timeout: timeoutMs });
    await connection.close().catch(() => undefined);
    return true;
  } catch {
    return false;
  }
}

/**
 * Makes sure RabbitMQ answers at `url` (ARCHITECTURE §10): when it does not, the URL points at
 * this machine and `rabbitmq-server` is installed, starts it detached and waits up to `timeoutMs`.
 * A broker the runner starts this way is a system daemon: it is left running afterwards.
 */
export async function ensureRabbitMq(url: string, timeoutMs = 60_000): Promise<void> {
  if (await pingAmqp(url)) return;
  const host = new URL(url).hostname;
  const local = ['127.0.0.1', 'localhost', '::1', '[::1]'].includes(host);
  const server = local ? await findExecutable('rabbitmq-server') : undefined;
  if (!server) {
    throw new Error(
      `RabbitMQ does not answer at ${redact(url)}` +
        (local
          ? ' and rabbitmq-server is not installed. Install it (Debian: apt-get install rabbitmq-server) or set AMQP_URL.'
          : '. Start it or set AMQP_URL.'),
    );
  }
  say(`RabbitMQ is not answering; starting ${server} -detached…`);
  const started = await runQuiet(server, ['-detached'], { cwd: '/', timeoutMs: 30_000 }).catch((error: Error) => ({
    code: 1,
    stdout: '',
    stderr: error.message,
  }));
  if (started.code !== 0) {
    throw new Error(`rabbitmq-server -detached failed (exit ${started.code}): ${started.stderr.trim() || started.stdout.trim()}`);
  }
  const deadline = Date.now() + timeoutMs;
  while (!(await pingAmqp(url))) {
    if (Date.now() > deadline) {
      throw new Error(`RabbitMQ was started but does not answer at ${redact(url)} after ${timeoutMs / 1000} s (see /var/log/rabbitmq/).`);
    }
    await sleep(1_000);
  }
  say('RabbitMQ is up');
}

/** A URL without its password, for messages. */
export function redact(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return url;
  }
}

/**
 * Removes what an isolated stack left in the broker: every queue and exchange named `<ns>.…`.
 * Listing needs rabbitmqctl (AMQP cannot list); without it, or on a remote broker, nothing is
 * removed (queues of test namespaces are small and idle). A stack that never declared its
 * exchange `<ns>.events` used no bus, and the slow listing is skipped.
 */
export async function deleteNamespace(url: string, namespace: string): Promise<void> {
  const ctl = await findExecutable('rabbitmqctl');
  if (!ctl) return;
  const connection = await amqp.connect(url);
  try {
    if (!(await exchangeExists(connection, `${namespace}.events`))) return;
    const list = async (kind: 'list_queues' | 'list_exchanges') => {
      const result = await runQuiet(ctl, [kind, '-q', '--no-table-headers', 'name'], { cwd: '/', timeoutMs: 20_000 }).catch(
        () => undefined,
      );
      const names = result?.code === 0 ? result.stdout.split('\n').map((line) => line.trim()) : [];
      return names.filter((name) => name.startsWith(`${namespace}.`));
    };
    const [queues, exchanges] = await Promise.all([list('list_queues'), list('list_exchanges')]);
    const channel = await connection.createChannel();
    for (const queue of queues) await channel.deleteQueue(queue);
    for (const exchange of exchanges) await channel.deleteExchange(exchange);
    await channel.close();
  } finally {
    await connection.close().catch(() => undefined);
  }
}

async function exchangeExists(connection: amqp.ChannelModel, exchange: string): Promise<boolean> {
  // A missing exchange closes the channel with 404, so the check gets a channel of its own.
  const channel = await connection.createChannel();
  channel.on('error', () => undefined);
  try {
    await channel.checkExchange(exchange);
    await channel.close();
    return true;
  } catch {
    return false;
  }
}
