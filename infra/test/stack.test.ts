import fs from 'node:fs/promises';
import os from 'node:os';
import net from 'node:net';
import path from 'node:path';
import { MongoClient } from 'mongodb';
import { SERVICES } from '../src/config';
import type { Infrastructure } from '../src/infrastructure';
import { describeListener } from '../src/ports';
import { MissingPartsError, StackStartError, startStack, type Stack, type StackOptions } from '../src/stack';

/**
 * startStack against a throwaway repository whose services and gateway are small fakes: each
 * listens on PORT, answers /healthz and /readyz, shows its environment at /env, exits on /crash,
 * and fails at start when FAKE_CRASH=start (once identity listens). The real services are written
 * by other teams; the runner's contract with them is only this.
 */
const FAKE_MAIN = `
import http from 'node:http';
const port = Number(process.env.PORT);
if (process.env.FAKE_CRASH === 'start') {
  // It dies once another service (identity) listens: the stack then has a started service to stop,
  // however the six processes' starts interleave on a busy machine.
  const die = () => {
    console.log(JSON.stringify({ level: 50, msg: 'cannot reach the database', port }));
    process.exit(3);
  };
  const untilIdentity = () => fetch(process.env.IDENTITY_URL + '/healthz').then((r) => (r.ok ? die() : setTimeout(untilIdentity, 50)), () => setTimeout(untilIdentity, 50));
  untilIdentity();
} else {
  const server = http.createServer((req, res) => {
    if (req.url === '/healthz' || req.url === '/readyz') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"status":"ok"}');
    } else if (req.url === '/env') {
      res.end(JSON.stringify(process.env));
    } else if (req.url === '/crash') {
      res.end('bye');
      setTimeout(() => process.exit(4), 10);
    } else {
      res.writeHead(404);
      res.end();
    }
  });
  server.listen(port, '127.0.0.1', () => console.log(JSON.stringify({ level: 30, msg: 'listening', port })));
  process.on('SIGTERM', () => server.close(() => process.exit(0)));
}
`;

const MONGODB_URL = process.env.MONGODB_URL ?? 'mongodb://127.0.0.1:27017/?directConnection=true&retryWrites=false';
const AMQP_URL = process.env.AMQP_URL ?? 'amqp://guest:guest@127.0.0.1:5672';
/** The unit phase brings the database and broker up; the stack must not stop them. */
const sharedInfrastructure: Infrastructure = { mongodbUrl: MONGODB_URL, amqpUrl: AMQP_URL, died: new Promise(() => undefined), stop: async () => undefined };

// Six tsx processes start in a few seconds on 2 cores; a slow machine gets more.
jest.setTimeout(60_000);

let root: string;
let lines: string[];
const running: Stack[] = [];

async function fakeRepository(parts: string[]): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'lakorn-stack-'));
  for (const part of parts) {
    const file = part === 'gateway' ? path.join(dir, 'gateway', 'src', 'main.ts') : path.join(dir, 'services', part, 'src', 'main.ts');
    await fs.mkdir(path.dirname(file), { recursive: true });
    await fs.writeFile(file, FAKE_MAIN);
  }
  return dir;
}

async function start(options: StackOptions = {}): Promise<Stack> {
  const stack = await startStack({
    root,
    // The fake services use no broker; brokerUsers.test.ts covers the users.
    env: { PATH: process.env.PATH, HOME: process.env.HOME, BROKER_USERS: 'off' },
    isolated: true,
    buildWeb: false,
    infrastructure: sharedInfrastructure,
    sink: (printed) => lines.push(...printed),
    readyTimeoutMs: 30_000,
    ...options,
  });
  running.push(stack);
  return stack;
}

async function envOf(port: number): Promise<NodeJS.ProcessEnv> {
  return (await (await fetch(`http://127.0.0.1:${port}/env`)).json()) as NodeJS.ProcessEnv;
}

async function waitForAnswer(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const ok = await fetch(url).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    if (Date.now() > deadline) throw new Error(`${url} did not answer within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function waitForLine(pattern: RegExp, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!lines.some((line) => pattern.test(line))) {
    if (Date.now() > deadline) throw new Error(`no line matched ${String(pattern)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function refuses(port: number): Promise<boolean> {
  return fetch(`http://127.0.0.1:${port}/healthz`).then(
    () => false,
    () => true,
  );
}

beforeEach(async () => {
  root = await fakeRepository([...SERVICES, 'gateway']);
  lines = [];
});

afterEach(async () => {
  await Promise.all(running.splice(0).map((stack) => stack.stop()));
  await fs.rm(root, { recursive: true, force: true });
});

describe('startStack: the services, then the gateway, each with the variable table', () => {
  // One stack for the checks that only look at a running stack.
  let stack: Stack;
  let printed: string[];
  beforeEach(async () => {
    stack = await start();
    printed = [...lines];
  });

  it('starts all six processes on free ports and answers at the returned gateway URL', async () => {
    expect(stack.url).toBe(`http://localhost:${stack.gatewayPort}`);
    expect((await fetch(`${stack.url}/healthz`)).status).toBe(200);
    for (const service of SERVICES) expect((await fetch(`http://127.0.0.1:${stack.servicePorts[service]}/readyz`)).status).toBe(200);
    // Fixed ports belong to `npm start`; an isolated stack must not take them.
    expect(Object.values(stack.servicePorts)).not.toContain(4001);
    expect(stack.gatewayPort).not.toBe(8080);

    const wallet = await envOf(stack.servicePorts.wallet);
    expect(wallet).toMatchObject({
      PORT: String(stack.servicePorts.wallet),
      MONGODB_URL,
      AMQP_URL,
      MONGODB_DB_PREFIX: stack.dbPrefix,
      BUS_NAMESPACE: stack.busNamespace,
      PUBLIC_URL: stack.url,
    });
    expect(wallet.SESSION_PUBLIC_KEY).toContain('BEGIN PUBLIC KEY');
    expect(wallet.SESSION_PRIVATE_KEY).toBeUndefined();

    const identity = await envOf(stack.servicePorts.identity);
    expect(identity.SESSION_PRIVATE_KEY).toContain('BEGIN PRIVATE KEY');
    expect(identity.ADMIN_EMAILS).toBe('admin@lakorn.local');

    const gateway = await envOf(stack.gatewayPort);
    expect(gateway).toMatchObject({
      PORT: String(stack.gatewayPort),
      IDENTITY_URL: `http://127.0.0.1:${stack.servicePorts.identity}`,
      CHECKIN_URL: `http://127.0.0.1:${stack.servicePorts.checkin}`,
      WEB_ROOT: root,
    });
  });

  it('prints pino lines of each process as readable prefixed lines', () => {
    expect(printed).toContain(`[wallet]   INFO listening port=${stack.servicePorts.wallet}`);
    expect(printed).toContain(`[gateway]  INFO listening port=${stack.gatewayPort}`);
  });

  it('gives a second isolated stack its own database prefix and bus namespace, passing user settings through', async () => {
    const second = await start({
      env: { PATH: process.env.PATH, OWNER_EMAIL: 'boss@example.test', LOG_LEVEL: 'warn', BROKER_USERS: 'off' },
      processEnv: { chat: { LLM_BASE_URL: 'http://127.0.0.1:9/v1' } },
    });
    expect(second.dbPrefix).not.toBe(stack.dbPrefix);
    expect(second.busNamespace).not.toBe(stack.busNamespace);
    expect(await envOf(second.servicePorts.identity)).toMatchObject({ OWNER_EMAIL: 'boss@example.test', LOG_LEVEL: 'warn' });
    expect((await envOf(second.servicePorts.chat)).LLM_BASE_URL).toBe('http://127.0.0.1:9/v1');
    expect((await envOf(second.servicePorts.catalog)).LLM_BASE_URL).toBeUndefined();
  });

  it('stop() ends every process and drops the isolated databases, and no others', async () => {
    const client = new MongoClient(MONGODB_URL);
    const keep = `keep_${stack.dbPrefix}`;
    try {
      await client.db(`${stack.dbPrefix}wallet`).collection('wallets').insertOne({ balance: 1 });
      await client.db(keep).collection('x').insertOne({ a: 1 });
      await stack.stop();
      for (const port of [...Object.values(stack.servicePorts), stack.gatewayPort]) expect(await refuses(port)).toBe(true);
      const names = (await client.db('admin').admin().listDatabases({ nameOnly: true })).databases.map((d) => d.name);
      expect(names).not.toContain(`${stack.dbPrefix}wallet`);
      expect(names).toContain(keep);
    } finally {
      await client.db(keep).dropDatabase();
      await client.close();
    }
  });

  it('starts a service that dies again on its port, and says so', async () => {
    const catalog = `http://127.0.0.1:${stack.servicePorts.catalog}`;
    await fetch(`${catalog}/crash`);
    await waitForLine(/catalog is ready again/);
    await waitForAnswer(`${catalog}/readyz`, 5_000);
    expect(lines).toContain('[lakorn] catalog exited with code 4 unexpectedly; starting it again in 250 ms (crash 1 of 5 allowed in 60 s)');
    // The restarted process gets the same environment as the first.
    expect(await envOf(stack.servicePorts.catalog)).toMatchObject({ PORT: String(stack.servicePorts.catalog), BUS_NAMESPACE: stack.busNamespace });
  });

  it('stops the restarted process too on stop()', async () => {
    await fetch(`http://127.0.0.1:${stack.servicePorts.chat}/crash`);
    await waitForLine(/chat is ready again/);
    await stack.stop();
    expect(await refuses(stack.servicePorts.chat)).toBe(true);
  });
});

describe('startStack: a process that keeps dying', () => {
  it('gives up through `died` after the allowed crashes, naming the process and how often it died', async () => {
    const stack = await start({ restart: { maxCrashes: 1, firstDelayMs: 10 } });
    const gateway = `http://127.0.0.1:${stack.gatewayPort}`;
    await fetch(`${gateway}/crash`);
    await waitForLine(/gateway is ready again/);
    await fetch(`${gateway}/crash`);
    const death = await stack.died;
    expect(death).toMatchObject({ name: 'gateway', exit: { code: 4, signal: null }, crashes: 2 });
  });

  it('gives up at the first death when restarts are off', async () => {
    const stack = await start({ restart: false });
    await fetch(`http://127.0.0.1:${stack.servicePorts.catalog}/crash`);
    expect(await stack.died).toMatchObject({ name: 'catalog', exit: { code: 4 }, crashes: 1 });
  });
});

describe('a port that is already taken', () => {
  it('is described with the process holding it, so the message can say whose it is', async () => {
    const server = net.createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const port = (server.address() as net.AddressInfo).port;
      expect(describeListener(port)).toMatch(new RegExp(`\\(pid ${process.pid}, running in ${process.cwd().replace(/[/.]/g, '\\$&')}\\)$`));
    } finally {
      server.close();
    }
  });
});

describe('startStack: refusing to start', () => {
  it('names a service that dies before it is ready, with its last lines, and stops the others', async () => {
    const error: unknown = await start({ processEnv: { wallet: { FAKE_CRASH: 'start' } } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StackStartError);
    expect((error as Error).message).toMatch(/^wallet exited with code 3 before it was ready/);
    expect((error as Error).message).toContain('cannot reach the database');
    // The services that did start are gone again.
    const listening = lines.filter((l) => / INFO listening port=/.test(l)).map((l) => Number(l.split('port=')[1]));
    expect(listening.length).toBeGreaterThan(0);
    for (const port of listening) expect(await refuses(port)).toBe(true);
  });

  it('lists every missing part at once instead of starting', async () => {
    await fs.rm(path.join(root, 'gateway'), { recursive: true });
    await fs.rm(path.join(root, 'services', 'chat'), { recursive: true });
    const error: unknown = await start().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MissingPartsError);
    expect((error as MissingPartsError).missing).toEqual([path.join('services', 'chat', 'src', 'main.ts'), path.join('gateway', 'src', 'main.ts')]);
  });
});
