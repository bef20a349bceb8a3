import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { MongoClient } from 'mongodb';
import { testSessionKeys } from '@lakorn/service-kit/testing';
import { freePort } from '../src/ports';
import { deleteNamespace } from '../src/rabbitmq';

/**
 * The image recipe (infra/docker/Dockerfile): read for its rules, then its steps run outside
 * Docker (this machine has no Docker engine): compile.mjs, prod-deps.mjs from the npm cache, and
 * the compiled checkin started with plain `node` until its /readyz answers 200 against this
 * machine's FerretDB and RabbitMQ.
 */
const ROOT = path.resolve(__dirname, '..', '..');
const DOCKERFILE = path.join(ROOT, 'infra', 'docker', 'Dockerfile');

interface Stage {
  from: string;
  name?: string;
  lines: string[];
}

/** FROM … [AS name] blocks, continuation lines joined, comments dropped, global ARG defaults substituted. */
function stagesOf(text: string): Stage[] {
  const lines = text
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'));
  const args = new Map<string, string>();
  const stages: Stage[] = [];
  for (const line of lines) {
    const from = /^FROM\s+(\S+)(?:\s+AS\s+(\S+))?/i.exec(line);
    if (from) {
      const image = from[1]!.replace(/\$\{(\w+)\}/g, (_, name: string) => args.get(name) ?? '');
      stages.push({ from: image, name: from[2], lines: [] });
    } else if (stages.length === 0) {
      const arg = /^ARG\s+(\w+)=(\S+)/i.exec(line);
      if (arg) args.set(arg[1]!, arg[2]!);
    } else {
      stages.at(-1)!.lines.push(line);
    }
  }
  return stages;
}

describe('infra/docker/Dockerfile', () => {
  let stages: Stage[];
  beforeAll(async () => {
    stages = stagesOf(await fs.readFile(DOCKERFILE, 'utf8'));
  });

  it('builds in a stage of its own and runs from another (multi-stage)', () => {
    expect(stages.length).toBeGreaterThanOrEqual(2);
    const last = stages.at(-1)!;
    expect(last.lines.filter((l) => /^COPY\s+--from=/i.test(l)).length).toBeGreaterThan(0);
    // Nothing is installed or compiled in the image that runs: it only receives.
    expect(last.lines.filter((l) => /^RUN\b/i.test(l))).toEqual([]);
  });

  it('uses Node 22 LTS or newer in every stage', () => {
    for (const stage of stages) {
      const major = /^node:(\d+)/.exec(stage.from)?.[1];
      expect({ from: stage.from, major: Number(major) >= 22 }).toEqual({ from: stage.from, major: true });
    }
  });

  it('runs as a user other than root', () => {
    const users = stages.at(-1)!.lines.filter((l) => /^USER\s/i.test(l)).map((l) => l.split(/\s+/)[1]);
    expect(users.length).toBeGreaterThan(0);
    expect(['root', '0']).not.toContain(users.at(-1));
  });

  it('starts the compiled JavaScript with node, no tsx', () => {
    const cmd = stages.at(-1)!.lines.find((l) => /^CMD\s/i.test(l)) ?? '';
    expect(cmd).toMatch(/exec node \\?"dist\/server\/\$WORKSPACE\/src\/main\.js/);
    expect(stages.at(-1)!.lines.join('\n')).not.toMatch(/tsx|\.ts\b/);
  });

  it('compiles with compile.mjs and ships only the production dependencies from prod-deps.mjs (npm ci --omit=dev)', async () => {
    const build = stages[0]!.lines.join('\n');
    expect(build).toContain('node infra/docker/compile.mjs dist/server');
    expect(build).toMatch(/node infra\/docker\/prod-deps\.mjs \/prod "\$WORKSPACE"/);
    expect(await fs.readFile(path.join(ROOT, 'infra', 'docker', 'prod-deps.mjs'), 'utf8')).toContain("'--omit=dev'");
    const last = stages.at(-1)!.lines;
    expect(last).toContain(`COPY --from=${stages[0]!.name} /prod/node_modules ./node_modules`);
    expect(last).toContain(`COPY --from=${stages[0]!.name} /app/dist/server ./dist/server`);
  });
});

describe('the image steps outside Docker', () => {
  // tsc over the deployables (~25 s of one core), npm ci from the cache (~15 s), a service start.
  jest.setTimeout(300_000);
  let dir: string;
  let child: ChildProcess | undefined;
  const suffix = Date.now().toString(36);
  const MONGODB_URL = process.env.MONGODB_URL ?? 'mongodb://127.0.0.1:27017/?directConnection=true&retryWrites=false';
  const AMQP_URL = process.env.AMQP_URL ?? 'amqp://guest:guest@127.0.0.1:5672';

  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'lakorn-image-'));
  });
  afterAll(async () => {
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child!.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    await fs.rm(dir, { recursive: true, force: true });
    const client = new MongoClient(MONGODB_URL);
    await client.db(`image_${suffix}_checkin`).dropDatabase().catch(() => undefined);
    await client.close();
    await deleteNamespace(AMQP_URL, `image-${suffix}`).catch(() => undefined);
  });

  it('compiles, installs production dependencies only, and the compiled checkin answers /readyz 200 under plain node', async () => {
    const run = (script: string, args: string[]) => {
      const result = spawnSync(process.execPath, [path.join(ROOT, 'infra', 'docker', script), ...args], { cwd: ROOT, encoding: 'utf8' });
      expect({ script, status: result.status, output: result.status === 0 ? '' : `${result.stdout}${result.stderr}` }).toEqual({ script, status: 0, output: '' });
    };
    run('compile.mjs', [path.join(dir, 'dist', 'server')]);
    run('prod-deps.mjs', [dir, 'services/checkin', '--offline']);

    for (const dev of ['typescript', 'tsx', 'jest', 'webpack', '@swc/core']) expect({ dev, installed: existsSync(path.join(dir, 'node_modules', dev)) }).toEqual({ dev, installed: false });
    for (const prod of ['express', 'mongoose', 'amqplib']) expect(existsSync(path.join(dir, 'node_modules', prod))).toBe(true);
    expect(existsSync(path.join(dir, 'node_modules', '@lakorn'))).toBe(false);
    // patches/ applies to the shipped driver too (patches/README.md).
    expect(await fs.readFile(path.join(dir, 'node_modules', 'mongodb', 'lib', 'cmap', 'connection.js'), 'utf8')).toContain('Lakorn patch');

    const port = await freePort();
    child = spawn(process.execPath, ['dist/server/services/checkin/src/main.js'], {
      cwd: dir,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'production',
        LOG_LEVEL: 'warn',
        PORT: String(port),
        MONGODB_URL,
        MONGODB_DB_PREFIX: `image_${suffix}_`,
        AMQP_URL,
        BUS_NAMESPACE: `image-${suffix}`,
        // A key of the test's own: a fresh clone has no .data/keys until npm start makes them.
        SESSION_PUBLIC_KEY: testSessionKeys().publicKey,
      },
    });
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const deadline = Date.now() + 60_000;
    let status = 0;
    while (Date.now() < deadline && child.exitCode === null) {
      status = await fetch(`http://127.0.0.1:${port}/readyz`).then((r) => r.status, () => 0);
      if (status === 200) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect({ status, output: status === 200 ? '' : output }).toEqual({ status: 200, output: '' });
  });
});
