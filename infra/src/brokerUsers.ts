import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import amqp from 'amqplib';
import { SERVICES, type ServiceName } from './config';
import { redact } from './rabbitmq';
import { findExecutable, runQuiet } from './tools';

/**
 * One RabbitMQ user per service (ARCHITECTURE §4): whoever can publish `wallet.credit.requested`
 * mints coins, so each service may publish only its own events. The same rules are written for
 * docker-compose (infra/docker/rabbitmq/definitions.template.json, kept equal by
 * infra/test/deploy.test.ts) and made on this machine's RabbitMQ by the runner, so they are tested here.
 */

/** Routing keys each service may publish on `<ns>.events` (topic permissions, write). */
export const PUBLISHES: Record<ServiceName, string> = {
  identity: '^identity\\..+$',
  catalog: '^catalog\\..+$',
  // The debit request and its refund (chat pays for each message), and chat's own events.
  chat: '^(wallet\\.debit|wallet\\.refund\\.requested|chat\\..+)$',
  // Balance events, a refused credit (its requester learns), and its admins' actions for the audit log.
  wallet: '^wallet\\.(balance\\..+|credit\\.refused|admin\\.action)$',
  // The daily check-in's coins, and its admins' actions for the audit log.
  checkin: '^(wallet\\.credit\\.requested|checkin\\.admin\\.action)$',
};

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** `<ns>-<service>`: each namespace (isolated stacks have their own) has its own users. */
export function brokerUserName(namespace: string, service: ServiceName): string {
  return `${namespace}-${service}`;
}

export interface BrokerAccount {
  user: string;
  password: string;
}
export type BrokerAccounts = Record<ServiceName, BrokerAccount>;

/** A user's vhost permissions: configure, write and read, each one regular expression. */
export interface BrokerPermissions {
  configure: string;
  write: string;
  read: string;
}

/**
 * What a service's user may touch besides topics: the shared exchange (declare it, bind to it,
 * publish on it, its topic permissions deciding which events) and everything named
 * `<ns>.<service>.…` (its queues and its own exchange, through which retries and dead letters go).
 * Only the wallet writes to the default exchange: it answers requests on direct reply-to, which
 * goes through no other exchange; a write there could reach any queue by name.
 */
export function brokerPermissions(namespace: string, service: ServiceName): BrokerPermissions {
  const ns = escapeRegex(namespace);
  const own = `^${ns}\\.(events|${service}\\..+)$`;
  return {
    configure: own,
    write: service === 'wallet' ? `${own}|^amq\\.default$` : own,
    read: own,
  };
}

/** RabbitMQ definitions (the format `rabbitmqctl import_definitions` and `load_definitions` read). */
export interface BrokerDefinitions {
  users: Array<{ name: string; password: string; tags: string[] }>;
  permissions: Array<BrokerPermissions & { user: string; vhost: string }>;
  topic_permissions: Array<{ user: string; vhost: string; exchange: string; write: string; read: string }>;
}

export function brokerDefinitions(namespace: string, accounts: BrokerAccounts, vhost = '/'): BrokerDefinitions {
  return {
    users: SERVICES.map((service) => ({ name: accounts[service].user, password: accounts[service].password, tags: [] })),
    permissions: SERVICES.map((service) => ({ user: accounts[service].user, vhost, ...brokerPermissions(namespace, service) })),
    // Read: a consumer binds its queue to other services' events.
    topic_permissions: SERVICES.map((service) => ({
      user: accounts[service].user,
      vhost,
      exchange: `${namespace}.events`,
      write: PUBLISHES[service],
      read: '.*',
    })),
  };
}

/** AMQP_URL with another user and password (same host, port, vhost and query). */
export function urlWithAccount(amqpUrl: string, account: BrokerAccount): string {
  const url = new URL(amqpUrl);
  url.username = encodeURIComponent(account.user);
  url.password = encodeURIComponent(account.password);
  return url.toString();
}

function vhostOf(amqpUrl: string): string {
  const pathname = new URL(amqpUrl).pathname;
  return pathname.length > 1 ? decodeURIComponent(pathname.slice(1)) : '/';
}

export type BrokerUsersOutcome =
  | { kind: 'per-service'; urls: Record<ServiceName, string>; accounts: BrokerAccounts; made: boolean }
  | { kind: 'shared'; reason: string };

/** The start line that says which broker accounts the services use. */
export function describeBrokerUsers(outcome: BrokerUsersOutcome, namespace: string, amqpUrl: string): string {
  if (outcome.kind === 'shared') return `RabbitMQ: every service uses AMQP_URL ${redact(amqpUrl)} (no user per service: ${outcome.reason})`;
  return `RabbitMQ: one user per service (${brokerUserName(namespace, 'identity')} …), each publishing only its own events on ${namespace}.events${outcome.made ? '' : ' (kept from the last start)'}`;
}

const LOCAL_HOSTS = ['127.0.0.1', 'localhost', '::1', '[::1]'];

/**
 * Makes (or finds) the five users for `namespace` on the local RabbitMQ with `rabbitmqctl
 * import_definitions`, and checks that the rules hold (a publish outside a user's topics is
 * refused). When it cannot (BROKER_USERS=off, a remote broker, no rabbitmqctl, no rights), every
 * service keeps the one AMQP_URL and the reason says why. Accounts of the fixed namespace are kept
 * in `<dataDir>/broker/<ns>.json` (mode 600) so a second start reuses them; `forget` removes an
 * isolated stack's users.
 */
export async function ensureBrokerUsers(options: {
  amqpUrl: string;
  namespace: string;
  /** `.data` of the repository; undefined: the accounts are not kept (isolated stacks). */
  dataDir?: string;
  mode?: 'auto' | 'off';
}): Promise<BrokerUsersOutcome> {
  const { amqpUrl, namespace } = options;
  if (options.mode === 'off') return { kind: 'shared', reason: 'BROKER_USERS=off' };
  if (!LOCAL_HOSTS.includes(new URL(amqpUrl).hostname)) return { kind: 'shared', reason: 'the broker is not on this machine' };
  const ctl = await findExecutable('rabbitmqctl');
  if (!ctl) return { kind: 'shared', reason: 'rabbitmqctl is not installed' };

  const file = options.dataDir ? path.join(options.dataDir, 'broker', `${namespace}.json`) : undefined;
  const kept = file ? await readAccounts(file) : undefined;
  if (kept && (await rulesHold(amqpUrl, namespace, kept))) return outcome(amqpUrl, kept, false);

  const accounts =
    kept ??
    (Object.fromEntries(
      SERVICES.map((service) => [service, { user: brokerUserName(namespace, service), password: randomBytes(18).toString('hex') }]),
    ) as BrokerAccounts);
  // Through stdin: the broker's own user could not read a file only we may read, and the
  // passwords are written nowhere else.
  const input = JSON.stringify(brokerDefinitions(namespace, accounts, vhostOf(amqpUrl)));
  const result = await runQuiet(ctl, ['import_definitions', '--format', 'json'], { cwd: '/', timeoutMs: 60_000, input }).catch(
    (error: Error) => ({ code: 1, stdout: '', stderr: error.message }),
  );
  if (result.code !== 0) {
    const detail = (result.stderr.trim() || result.stdout.trim()).split('\n').slice(-1)[0] ?? '';
    return { kind: 'shared', reason: `rabbitmqctl import_definitions failed (exit ${result.code}${detail ? `: ${detail}` : ''})` };
  }
  // The import is asynchronous: wait until the users exist and their topic permissions hold.
  const deadline = Date.now() + 15_000;
  while (!(await rulesHold(amqpUrl, namespace, accounts))) {
    if (Date.now() > deadline) return { kind: 'shared', reason: 'the users were imported but their permissions did not take effect within 15 s' };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  if (file) {
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, JSON.stringify(accounts, null, 2), { mode: 0o600 });
  }
  return outcome(amqpUrl, accounts, true);
}

function outcome(amqpUrl: string, accounts: BrokerAccounts, made: boolean): BrokerUsersOutcome {
  const urls = Object.fromEntries(SERVICES.map((service) => [service, urlWithAccount(amqpUrl, accounts[service])])) as Record<ServiceName, string>;
  return { kind: 'per-service', urls, accounts, made };
}

async function readAccounts(file: string): Promise<BrokerAccounts | undefined> {
  try {
    const parsed = JSON.parse(await readFile(file, 'utf8')) as Partial<BrokerAccounts>;
    return SERVICES.every((s) => typeof parsed[s]?.user === 'string' && typeof parsed[s]?.password === 'string') ? (parsed as BrokerAccounts) : undefined;
  } catch {
    return undefined;
  }
}

/** Every user can sign in, and a publish outside checkin's topics is refused with ACCESS_REFUSED. */
async function rulesHold(amqpUrl: string, namespace: string, accounts: BrokerAccounts): Promise<boolean> {
  for (const service of SERVICES) {
    const connection = await amqp.connect(urlWithAccount(amqpUrl, accounts[service]), { timeout: 5_000 }).catch(() => undefined);
    if (!connection) return false;
    try {
      if (service === 'checkin' && (await publishOutcome(connection, `${namespace}.events`, 'lakorn-infra.probe')) !== 'refused') return false;
    } finally {
      await connection.close().catch(() => undefined);
    }
  }
  return true;
}

/**
 * Publishes an empty message with a confirm: 'confirmed', or 'refused' when the broker closes the
 * channel with ACCESS_REFUSED (403), or the error's text. The exchange is declared first (topic
 * permissions are checked only on an exchange that exists).
 */
export async function publishOutcome(
  connection: amqp.ChannelModel,
  exchange: string,
  routingKey: string,
): Promise<'confirmed' | 'refused' | string> {
  const channel = await connection.createConfirmChannel();
  let closedWith: string | undefined;
  channel.on('error', (error: Error & { code?: number }) => {
    closedWith = error.code === 403 ? 'refused' : error.message;
  });
  try {
    if (exchange !== '') await channel.assertExchange(exchange, 'topic', { durable: true });
    await new Promise<void>((resolve, reject) => {
      channel.publish(exchange, routingKey, Buffer.from('{}'), { messageId: 'lakorn-infra-probe' }, (error: unknown) => (error ? reject(error) : resolve()));
    });
    await channel.close();
    return 'confirmed';
  } catch (error) {
    // The channel-close frame may arrive just after the failed confirm.
    await new Promise((resolve) => setTimeout(resolve, 20));
    return closedWith ?? (error instanceof Error ? error.message : String(error));
  }
}

/** Removes an isolated stack's users (their permissions go with them); one rabbitmqctl call. */
export async function deleteBrokerUsers(accounts: BrokerAccounts): Promise<void> {
  const ctl = await findExecutable('rabbitmqctl');
  if (!ctl) return;
  const names = SERVICES.map((service) => `<<"${accounts[service].user.replace(/[^A-Za-z0-9_.-]/g, '')}">>`).join(',');
  await runQuiet(ctl, ['eval', `[rabbit_auth_backend_internal:delete_user(U, <<"lakorn-infra">>) || U <- [${names}]], ok.`], {
    cwd: '/',
    timeoutMs: 30_000,
  });
}
