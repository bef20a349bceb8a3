import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { ConfigError, RECEIVERS, envTableMarkdown, processEnv, readRunnerEnv, runnerEnvSchema, type ResolvedStack } from '../src/config';

const resolved: ResolvedStack = {
  mongodbUrl: 'mongodb://127.0.0.1:27017/?directConnection=true&retryWrites=false',
  amqpUrl: 'amqp://guest:guest@127.0.0.1:5672',
  sessionKeys: { publicKey: 'PUBLIC PEM', privateKey: 'PRIVATE PEM' },
  servicePorts: { identity: 4001, catalog: 4002, chat: 4003, wallet: 4004, checkin: 4005 },
  gatewayPort: 8080,
  webRoot: '/repo',
};

describe('the runner env table (infra/src/config.ts)', () => {
  it('applies the documented defaults when nothing is set', () => {
    const settings = readRunnerEnv({});
    expect(settings).toMatchObject({
      NODE_ENV: 'development',
      LOG_LEVEL: 'info',
      MONGODB_DB_PREFIX: 'lakorn_',
      AMQP_URL: 'amqp://guest:guest@127.0.0.1:5672',
      BUS_NAMESPACE: 'lakorn',
      PORT: 8080,
      ADMIN_EMAILS: 'admin@lakorn.local',
      OWNER_EMAIL: 'admin@lakorn.local',
    });
    expect(settings.MONGODB_URL).toBeUndefined();
    expect(settings.GOOGLE_CLIENT_ID).toBeUndefined();
  });

  it('lets every variable the user sets override its default, and treats an empty value as unset', () => {
    const settings = readRunnerEnv({ PORT: '9090', OWNER_EMAIL: 'boss@example.test', LOG_LEVEL: 'debug', GOOGLE_CLIENT_ID: '' });
    expect(settings.PORT).toBe(9090);
    expect(settings.OWNER_EMAIL).toBe('boss@example.test');
    expect(settings.LOG_LEVEL).toBe('debug');
    expect(settings.GOOGLE_CLIENT_ID).toBeUndefined();
  });

  it('refuses a bad value with a message naming the variable', () => {
    expect(() => readRunnerEnv({ LOG_LEVEL: 'loud' })).toThrow(ConfigError);
    expect(() => readRunnerEnv({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => readRunnerEnv({ MONGODB_DB_PREFIX: 'Bad-Prefix' })).toThrow(/MONGODB_DB_PREFIX/);
  });

  it('says which processes receive each variable, for every variable of the schema', () => {
    expect(Object.keys(RECEIVERS).sort()).toEqual(Object.keys(runnerEnvSchema.shape).sort());
  });

  it('gives each service its own port and the shared settings, and identity alone the private key', () => {
    const settings = readRunnerEnv({});
    const wallet = processEnv('wallet', settings, resolved, { PATH: '/bin' });
    expect(wallet).toMatchObject({
      PATH: '/bin',
      PORT: '4004',
      NODE_ENV: 'development',
      MONGODB_URL: resolved.mongodbUrl,
      MONGODB_DB_PREFIX: 'lakorn_',
      AMQP_URL: resolved.amqpUrl,
      BUS_NAMESPACE: 'lakorn',
      SESSION_PUBLIC_KEY: 'PUBLIC PEM',
      PUBLIC_URL: 'http://localhost:8080',
    });
    expect(wallet.SESSION_PRIVATE_KEY).toBeUndefined();

    const identity = processEnv('identity', settings, resolved, {});
    expect(identity).toMatchObject({ PORT: '4001', SESSION_PRIVATE_KEY: 'PRIVATE PEM', ADMIN_EMAILS: 'admin@lakorn.local', OWNER_EMAIL: 'admin@lakorn.local' });
  });

  it('points the gateway at every service and at the repository for the front ends', () => {
    const gateway = processEnv('gateway', readRunnerEnv({}), resolved, {});
    expect(gateway).toMatchObject({
      PORT: '8080',
      IDENTITY_URL: 'http://127.0.0.1:4001',
      CATALOG_URL: 'http://127.0.0.1:4002',
      CHAT_URL: 'http://127.0.0.1:4003',
      WALLET_URL: 'http://127.0.0.1:4004',
      CHECKIN_URL: 'http://127.0.0.1:4005',
      SESSION_PUBLIC_KEY: 'PUBLIC PEM',
      WEB_ROOT: '/repo',
    });
    expect(gateway.MONGODB_URL).toBeUndefined();
  });

  it('passes the user environment through, keeps user values, and never lets the gateway PORT leak into a service', () => {
    const parent = { PORT: '9090', PUBLIC_URL: 'https://lakorn.example', CHAT_URL: 'http://10.0.0.9:7000', SOMETHING_ELSE: 'kept' };
    const settings = readRunnerEnv(parent);
    const chat = processEnv('chat', settings, { ...resolved, gatewayPort: 9090 }, parent);
    expect(chat.PORT).toBe('4003');
    expect(chat.SOMETHING_ELSE).toBe('kept');
    const gateway = processEnv('gateway', settings, { ...resolved, gatewayPort: 9090 }, parent);
    expect(gateway.PORT).toBe('9090');
    expect(gateway.CHAT_URL).toBe('http://10.0.0.9:7000');
    expect(processEnv('wallet', settings, resolved, parent).PUBLIC_URL).toBe('https://lakorn.example');
  });

  it('lets an isolated stack override table values and add extra variables per process', () => {
    const env = processEnv('checkin', readRunnerEnv({ BUS_NAMESPACE: 'user' }), resolved, {}, { BUS_NAMESPACE: 'stack-1' }, { EXTRA: 'yes' });
    expect(env.BUS_NAMESPACE).toBe('stack-1');
    expect(env.EXTRA).toBe('yes');
  });

  it("gives each service its own broker user's AMQP_URL when the runner made them, and the gateway none", () => {
    const serviceAmqpUrls = {
      identity: 'amqp://lakorn-identity:a@127.0.0.1:5672',
      catalog: 'amqp://lakorn-catalog:b@127.0.0.1:5672',
      chat: 'amqp://lakorn-chat:c@127.0.0.1:5672',
      wallet: 'amqp://lakorn-wallet:d@127.0.0.1:5672',
      checkin: 'amqp://lakorn-checkin:e@127.0.0.1:5672',
    };
    const settings = readRunnerEnv({});
    expect(processEnv('wallet', settings, { ...resolved, serviceAmqpUrls }, {}).AMQP_URL).toBe(serviceAmqpUrls.wallet);
    expect(processEnv('checkin', settings, { ...resolved, serviceAmqpUrls }, {}).AMQP_URL).toBe(serviceAmqpUrls.checkin);
    expect(processEnv('gateway', settings, { ...resolved, serviceAmqpUrls }, {}).AMQP_URL).toBeUndefined();
    expect(processEnv('chat', settings, resolved, {}).AMQP_URL).toBe(resolved.amqpUrl);
  });

  it('renders the table for the README with every variable and its default', () => {
    const table = envTableMarkdown();
    for (const name of Object.keys(runnerEnvSchema.shape)) expect(table).toContain(`| \`${name}\` |`);
    expect(table).toContain('| `MONGODB_DB_PREFIX` | `lakorn_` |');
    expect(table).toContain('| `OWNER_EMAIL` | `admin@lakorn.local` |');
  });
});

describe('README.md', () => {
  it('shows the same variable table as infra/src/config.ts', async () => {
    const readme = await readFile(path.join(__dirname, '..', '..', 'README.md'), 'utf8');
    expect(readme).toContain(envTableMarkdown());
  });
});
