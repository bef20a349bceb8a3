import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import yaml from 'js-yaml';
import { buildContextFiles, isIgnored, isSecretShaped, parseDockerignore } from '../src/dockerContext';

const ROOT = path.resolve(__dirname, '..', '..');
const DOCKERIGNORE = readFileSync(path.join(ROOT, '.dockerignore'), 'utf8');

describe('.dockerignore as Docker reads it', () => {
  const rules = (text: string) => parseDockerignore(text);

  it('matches `*` within one segment, `**` across segments, and a folder with everything in it', () => {
    expect(isIgnored(rules('*.pem'), 'a.pem')).toBe(true);
    expect(isIgnored(rules('*.pem'), 'keys/a.pem')).toBe(false);
    expect(isIgnored(rules('**/*.pem'), 'keys/deep/a.pem')).toBe(true);
    expect(isIgnored(rules('**/*.pem'), 'a.pem')).toBe(true);
    expect(isIgnored(rules('.data'), '.data/keys/session-private.pem')).toBe(true);
    expect(isIgnored(rules('/coverage'), 'coverage/lcov.info')).toBe(true);
    expect(isIgnored(rules('coverage'), 'services/x/coverage/lcov.info')).toBe(false);
  });

  it('lets the last matching line decide, so `!` takes a path back', () => {
    expect(isIgnored(rules('docs\n!docs/keep.md'), 'docs/keep.md')).toBe(false);
    expect(isIgnored(rules('docs\n!docs/keep.md'), 'docs/other.md')).toBe(true);
    expect(isIgnored(rules('!docs/keep.md\ndocs'), 'docs/keep.md')).toBe(true);
  });
});

describe('the image build context (infra/docker/Dockerfile copies it whole)', () => {
  it('leaves out every secret-shaped file, installed packages, local state and test output, in a tree that has them all', () => {
    const tree = mkdtempSync(path.join(os.tmpdir(), 'lakorn-context-'));
    try {
      const files = [
        '.env',
        '.env.production',
        '.env.example',
        'services/wallet/.env.local',
        'session.pem',
        '.data/keys/session-private.pem',
        'infra/docker/tls/server.key',
        'certs/store.p12',
        'id_rsa',
        '.cache/ferretdb/bin/ferretdb',
        'node_modules/left-pad/index.js',
        'services/chat/node_modules/x/index.js',
        'shell/dist/main.js',
        'coverage/lcov.info',
        'services/chat/coverage/lcov.info',
        '.e2e-artifacts/shot.png',
        'npm-debug.log',
        'services/wallet/src/main.ts',
        'package.json',
      ];
      for (const file of files) {
        mkdirSync(path.dirname(path.join(tree, file)), { recursive: true });
        writeFileSync(path.join(tree, file), 'x');
      }
      writeFileSync(path.join(tree, '.dockerignore'), DOCKERIGNORE);
      expect(buildContextFiles(tree).filter((file) => file !== '.dockerignore')).toEqual(['package.json', 'services/wallet/src/main.ts']);
    } finally {
      rmSync(tree, { recursive: true, force: true });
    }
  });

  it('holds no secret-shaped file in this working tree (session keys in .data, a developer .env)', () => {
    const context = buildContextFiles(ROOT);
    expect(context).toContain('infra/docker/Dockerfile');
    expect(context.filter(isSecretShaped)).toEqual([]);
    expect(context.filter((file) => file.split('/').includes('node_modules'))).toEqual([]);
  });
});

type ComposeService = { environment?: Record<string, unknown> | string[]; ports?: unknown[]; healthcheck?: unknown };
const compose = yaml.load(readFileSync(path.join(ROOT, 'docker-compose.yml'), 'utf8')) as { services: Record<string, ComposeService> };
const CREDENTIAL_NAME = /(PASS|PASSWORD|SECRET|TOKEN|PRIVATE|API_KEY|_USER$|CREDENTIAL)/i;
/** A whole value taken from .env: `${NAME}`, `${NAME:-}` or `${NAME:?message}`. */
const FROM_ENV = /^\$\{[A-Z0-9_]+(?:(?::?[-?])[^}]*)?\}$/;

function environmentOf(service: ComposeService): Array<[string, string]> {
  const env = service.environment ?? {};
  if (Array.isArray(env)) return env.map((line) => [line.split('=')[0] ?? '', line.split('=').slice(1).join('=')] as [string, string]);
  return Object.entries(env).map(([name, value]) => [name, String(value ?? '')]);
}

/** Published ports as [host address or '' for every interface, container port]. */
function published(service: ComposeService): Array<{ hostIp: string; spec: string }> {
  return (service.ports ?? []).map((port) => {
    if (typeof port === 'object' && port !== null) {
      const long = port as { host_ip?: string; published?: unknown; target?: unknown };
      return { hostIp: long.host_ip ?? '', spec: `${String(long.published)}:${String(long.target)}` };
    }
    const spec = String(port);
    const parts = spec.split(':');
    return { hostIp: parts.length >= 3 ? (parts[0] ?? '') : '', spec };
  });
}

describe('docker-compose.yml', () => {
  it('writes no credential: every secret-named variable and every URL password comes from .env', () => {
    const literal: string[] = [];
    for (const [name, service] of Object.entries(compose.services)) {
      for (const [variable, value] of environmentOf(service)) {
        if (CREDENTIAL_NAME.test(variable) && value !== '' && !FROM_ENV.test(value)) literal.push(`${name}.${variable}`);
        for (const match of value.matchAll(/[a-z][a-z0-9+.-]*:\/\/([^@/\s]+)@/gi)) {
          const [user = '', password = ''] = (match[1] ?? '').split(/:(?![^{]*\})/);
          if (!FROM_ENV.test(user) || !FROM_ENV.test(password)) literal.push(`${name}.${variable} (URL credentials)`);
        }
      }
    }
    expect(literal).toEqual([]);
  });

  it('publishes no port of the broker or the database beyond this host’s loopback', () => {
    const open = ['rabbitmq', 'mongodb'].flatMap((name) =>
      published(compose.services[name] ?? {})
        .filter((port) => port.hostIp !== '127.0.0.1')
        .map((port) => `${name} ${port.spec}`),
    );
    expect(compose.services.rabbitmq).toBeDefined();
    expect(compose.services.mongodb).toBeDefined();
    expect(open).toEqual([]);
  });

  it('lists every variable it reads from .env in .env.example, with no value filled in', () => {
    const wanted = new Set([...readFileSync(path.join(ROOT, 'docker-compose.yml'), 'utf8').matchAll(/\$\{([A-Z0-9_]+)/g)].map((m) => m[1]));
    const example = readFileSync(path.join(ROOT, '.env.example'), 'utf8')
      .split('\n')
      .filter((line) => /^[A-Z0-9_]+=/.test(line));
    expect(new Set(example.map((line) => line.split('=')[0]))).toEqual(wanted);
    expect(example.filter((line) => !line.endsWith('='))).toEqual([]);
  });

  it('makes the services and the gateway listen beyond loopback inside its own network (HOST=0.0.0.0)', () => {
    const deployables = ['identity', 'catalog', 'chat', 'wallet', 'checkin', 'gateway'];
    const hosts = deployables.map((name) => Object.fromEntries(environmentOf(compose.services[name] ?? {})).HOST);
    expect(hosts).toEqual(deployables.map(() => '0.0.0.0'));
  });
});
