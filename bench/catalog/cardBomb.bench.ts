// The card import's fixed budget (services/catalog README "Cards"): PNG chunk bombs sent to a
// catalog running in its own process, timed over HTTP with its memory and a read sent during the
// upload; and the reader before the budget, timed on the smaller file. See bench/README.md.
import { execFileSync, fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { deflateSync } from 'node:zlib';
import { LIMITS } from '@lakorn/contracts';
import { connectMongo, createMetrics, createOutbox, ensureIndexes, signSessionToken, silentLogger } from '@lakorn/service-kit';
import { metricValue, parseMetrics, testBus, testSessionKeys } from '@lakorn/service-kit/testing';
import { createApp } from '../../services/catalog/src/app';
import { createCatalogService } from '../../services/catalog/src/service';
import { PNG_SIGNATURE, pngChunk, readPngText } from '../../services/catalog/src/domain/pngText';
import { loadAverage, median } from '../support/measure';

const URL = process.env.MONGODB_URL ?? 'mongodb://127.0.0.1:27017/?directConnection=true&retryWrites=false';
/** The commit whose PNG reader is timed as "before" (the last one without the budget). */
const OLD_REF = process.env.BENCH_OLD_REF ?? '06cf07e~1';
/** Also time the old reader on the whole 5 MB file (~16 s and ~5 GB: off unless asked). */
const OLD_FULL = process.env.BENCH_OLD_FULL === '1';
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const MB = 1024 * 1024;

type Work = { chunksWalked: number; textsInflated: number; bytesInflated: number };
type Usage = { rss: number; maxRss: number; loopDelayMax: number; cpuMs: number };
type Reply = { type: 'ready'; port: number; token: string } | ({ type: 'usage' } & Usage) | ({ type: 'work' } & Work);

// ---------------------------------------------------------------------------------------------
// The catalog's process: createApp over FerretDB on an ephemeral port, answering its memory and
// its reading counters over IPC.

async function serve() {
  const connection = await connectMongo(URL, `bench_card_bomb_${randomBytes(3).toString('hex')}`);
  const logger = silentLogger();
  const bus = testBus('catalog');
  const metrics = createMetrics();
  const service = createCatalogService({ connection, logger, outbox: createOutbox({ connection, bus, logger }), metrics, uploadSweepIntervalMs: 0 });
  await ensureIndexes(connection);
  await service.catalog.load();
  const keys = testSessionKeys();
  const app = createApp({ logger, sessionPublicKey: keys.publicKey, catalog: service.catalog, images: service.images });
  const server = app.listen(0);
  await new Promise((resolve) => server.once('listening', resolve));
  const token = signSessionToken({ sub: 'bench-bomber', uid: 'bench-bomber', email: 'bomb@example.com', isAdmin: false, isOwner: false }, keys.privateKey);
  const send = (reply: Reply) => process.send?.(reply);
  // How long the event loop was held since the last 'usage': what a read arriving then waited.
  const loop = monitorEventLoopDelay({ resolution: 1 });
  const cpuMs = () => {
    const { user, system } = process.cpuUsage();
    return (user + system) / 1000;
  };
  loop.enable();
  process.on('message', (message: string) => {
    void (async () => {
      if (message === 'usage') {
        send({ type: 'usage', rss: process.memoryUsage().rss, maxRss: process.resourceUsage().maxRSS * 1024, loopDelayMax: loop.max / 1e6, cpuMs: cpuMs() });
        loop.reset();
      }
      if (message === 'work') {
        const samples = parseMetrics(await metrics.registry.metrics());
        send({
          type: 'work',
          chunksWalked: metricValue(samples, 'lakorn_catalog_png_chunks_walked_total'),
          textsInflated: metricValue(samples, 'lakorn_catalog_png_texts_inflated_total'),
          bytesInflated: metricValue(samples, 'lakorn_catalog_png_bytes_inflated_total'),
        });
      }
      if (message === 'close') {
        server.close();
        await service.sync.stop();
        await bus.close();
        await connection.dropDatabase();
        await connection.close();
        process.exit(0);
      }
    })();
  });
  send({ type: 'ready', port: (server.address() as AddressInfo).port, token });
}

// ---------------------------------------------------------------------------------------------
// The files.

const zTXt = (keyword: string, text: Buffer) => pngChunk('zTXt', Buffer.concat([Buffer.from(`${keyword}\0\0`, 'latin1'), deflateSync(text, { level: 9 })]));

function pngWith(chunks: Buffer[]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(8, 0);
  header.writeUInt32BE(8, 4);
  header[8] = 8;
  header[9] = 2;
  const pixels = pngChunk('IDAT', deflateSync(Buffer.alloc(8 * 25)));
  return Buffer.concat([PNG_SIGNATURE, pngChunk('IHDR', header), pixels, ...chunks, pngChunk('IEND', Buffer.alloc(0))]);
}

function files(): Array<{ name: string; bytes: Buffer }> {
  const megabyte = zTXt('chara', Buffer.alloc(MB, 0x41));
  const most = Math.floor((LIMITS.imageBytes - pngWith([]).length) / megabyte.length);
  const comments = Array.from({ length: 60 }, () => zTXt('Comment', Buffer.alloc(MB, 0x41)));
  return [
    { name: `${most} zTXt chunks, 1 MB each (the 5 MB bomb)`, bytes: pngWith(Array.from({ length: most }, () => megabyte)) },
    { name: '150 zTXt chunks, 1 MB each', bytes: pngWith(Array.from({ length: 150 }, () => megabyte)) },
    { name: '60 zTXt comments + a 64 MB ccv3', bytes: pngWith([...comments, zTXt('ccv3', Buffer.alloc(64 * MB, 0x41))]) },
  ];
}

// ---------------------------------------------------------------------------------------------
// The measurements.

/** The multipart body of a card import, built once (so the sender does no per-chunk work beside the reads). */
const BOUNDARY = 'lakorn-bench-boundary';
const body = (file: Buffer) =>
  Buffer.concat([
    Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="card"; filename="card.png"\r\nContent-Type: image/png\r\n\r\n`),
    file,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);

const mb = (bytes: number) => `${(bytes / MB).toFixed(1)} MB`;

/**
 * The reader before the budget (from git, at OLD_REF), timed on input `which` in a process of its
 * own (a heap big enough for what it inflates); its time and how far its peak RSS grew.
 */
async function timeOldReader(which: number): Promise<void> {
  const source = execFileSync('git', ['show', `${OLD_REF}:services/catalog/src/domain/pngText.ts`], { cwd: path.join(__dirname, '..', '..'), encoding: 'utf8' });
  const file = path.join(os.tmpdir(), `lakorn-old-pngText-${process.pid}.ts`);
  writeFileSync(file, source);
  const old = (await import(file)) as { readPngTexts(png: Buffer): Array<{ keyword: string; text: string }> };
  const input = files()[which]!;
  const peak = process.resourceUsage().maxRSS * 1024;
  const start = performance.now();
  const texts = old.readPngTexts(input.bytes);
  const ms = performance.now() - start;
  const grown = process.resourceUsage().maxRSS * 1024 - peak;
  const inflated = texts.reduce((n, t) => n + t.text.length, 0);
  console.info(`  ${input.name.padEnd(44)} ${ms.toFixed(0)} ms synchronous, peak RSS +${mb(grown)} (${texts.length} texts, ${mb(inflated)} inflated)`);
}

/** Runs this file again as `mode` in a child process and waits for it to end. */
function runChild(mode: string, args: string[], execArgv: string[] = []): ChildProcess {
  return fork(__filename, [mode, ...args], { execArgv: [...process.execArgv, ...execArgv] });
}

async function main() {
  if (process.argv[2] === 'serve') return serve();
  if (process.argv[2] === 'old') return timeOldReader(Number(process.argv[3]));
  console.info(`card bomb: ${loadAverage()}, ${new Date().toISOString()}`);
  const inputs = files();

  console.info('\nbefore: the reader of %s (readPngTexts, every text chunk inflated), each in a process of its own:', OLD_REF);
  for (const which of OLD_FULL ? [0, 1] : [1]) {
    const old = runChild('old', [String(which)], ['--max-old-space-size=12288']);
    await new Promise((resolve) => old.once('exit', resolve));
  }

  console.info('\nafter: readPngText in this process (the budget; each refused):');
  for (const input of inputs) {
    const start = performance.now();
    const outcome = await readPngText(input.bytes, ['ccv3', 'chara']).then(() => 'read', (error: Error) => error.name);
    console.info(`  ${input.name.padEnd(44)} ${(performance.now() - start).toFixed(1)} ms, ${outcome}`);
  }

  const child = runChild('serve', [], process.env.BENCH_PROFILE ? ['--cpu-prof', '--cpu-prof-dir=/tmp/prof'] : []);
  const replies: Reply[] = [];
  const waiting: Array<(reply: Reply) => void> = [];
  child.on('message', (reply: Reply) => (waiting.shift() ?? ((r: Reply) => replies.push(r)))(reply));
  const next = () => new Promise<Reply>((resolve) => (replies.length ? resolve(replies.shift()!) : waiting.push(resolve)));
  const ask = async <T extends Reply['type']>(message: string, type: T) => {
    child.send(message);
    const reply = await next();
    if (reply.type !== type) throw new Error(`expected ${type}, got ${reply.type}`);
    return reply as Extract<Reply, { type: T }>;
  };
  const ready = await next();
  if (ready.type !== 'ready') throw new Error('the catalog did not start');
  const base = `http://127.0.0.1:${ready.port}`;
  const headers = { Authorization: `Bearer ${ready.token}` };

  // A few characters to list, then the idle time of a catalog read (the public listing).
  for (let i = 0; i < 40; i++) {
    const body = JSON.stringify({ name: `ตัวละคร ${i}`, gender: 'female', genre: 'daily', personality: 'ใจดี ร่าเริง', firstMessage: 'สวัสดี', isPublic: true, description: 'เพื่อนบ้าน' });
    await fetch(`${base}/api/characters`, { method: 'POST', headers: { ...headers, 'Content-Type': 'application/json' }, body });
  }
  const read = async () => {
    const start = performance.now();
    const res = await fetch(`${base}/api/characters/public?limit=20`, { headers });
    await res.arrayBuffer();
    return performance.now() - start;
  };
  const idle: number[] = [];
  for (let i = 0; i < 60; i++) idle.push(await read());
  const idleP50 = median(idle.slice(10));
  console.info(`\nafter: the catalog over HTTP (its own process); idle read p50 ${idleP50.toFixed(1)} ms`);

  for (const input of inputs) {
    const answers: number[] = [];
    const during: number[] = [];
    let grown = 0;
    let held = 0;
    const cpu: number[] = [];
    let status = 0;
    const workBefore = await ask('work', 'work');
    for (let round = 0; round < ROUNDS; round++) {
      const before = await ask('usage', 'usage');
      const start = performance.now();
      let done = false;
      const upload = fetch(`${base}/api/upload/character-card`, { method: 'POST', headers: { ...headers, 'Content-Type': `multipart/form-data; boundary=${BOUNDARY}` }, body: body(input.bytes) }).then(async (res) => {
        await res.arrayBuffer();
        status = res.status;
        answers.push(performance.now() - start);
        done = true;
      });
      // Reads sent one after another while the upload is in flight (at least one).
      do during.push(await read());
      while (!done);
      await upload;
      const after = await ask('usage', 'usage');
      grown = Math.max(grown, after.maxRss - before.maxRss, after.rss - before.rss);
      held = Math.max(held, after.loopDelayMax);
      cpu.push(after.cpuMs - before.cpuMs);
    }
    const workAfter = await ask('work', 'work');
    const per = (key: keyof Work) => (workAfter[key] - workBefore[key]) / ROUNDS;
    during.sort((a, b) => a - b);
    console.info(
      `  ${input.name.padEnd(44)} ${status}, answered p50 ${median(answers).toFixed(0)} ms (max ${Math.max(...answers).toFixed(0)}), ` +
        `CPU ${median(cpu).toFixed(0)} ms, RSS +${mb(grown)} at most, its event loop held ${held.toFixed(1)} ms at most; reads during: ${during.length}, ` +
        `p50 ${median(during).toFixed(1)} ms, max ${during.at(-1)!.toFixed(1)} ms (+${(during.at(-1)! - idleP50).toFixed(1)} over idle); per file ${per('chunksWalked')} chunks walked, ` +
        `${per('textsInflated')} texts / ${mb(per('bytesInflated'))} inflated`,
    );
  }
  child.send('close');
  await new Promise((resolve) => child.once('exit', resolve));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
