// Message sends end to end through the gateway (spec §4 "Message send": a debit over RabbitMQ to
// the wallet, the reply, the stored messages), with the offline responder's stream delay at 0 so
// the figures are the system's own cost: one member sending one message after another, then 16
// and 32 members sending at once (each one after another in their own chat), JSON and streamed
// (server-sent events) reported apart; then one chat holding 10, 1 000 and 10 000 turns. The
// JSON answer's Server-Timing header gives the server's share of each send. The long chats are
// measured with their memory in use (chat README "Memory that keeps up"): 5 pinned messages and a
// summary the member wrote, which the background summaries then extend as turns leave the window.
// Settings: BENCH_SEQUENTIAL (100 sends), BENCH_PER_MEMBER (15 sends each at 16 and 32 at once),
// BENCH_CROWDS ("16,32"; "0" measures one member only), BENCH_SETTLE_MS (25 000: after the
// warm-up, and after seeding a chat of 1 000 turns or more),
// BENCH_TURNS ("10,1000,10000"), BENCH_TURN_SENDS (30 sends per chat length, in BENCH_TURN_ROUNDS
// = 5 rounds over the lengths), BENCH_MEMORY=0 (the long chats without pins and summary).
import { performance } from 'node:perf_hooks';
import mongoose from 'mongoose';
import { createChatStore } from '../../services/chat/src/data/chatStore';
import { chatModels, type MessageDoc } from '../../services/chat/src/data/models';
import { call, createCharacter, load, machine, percentile, signIn, startBenchStack, type Member } from '../support/stack';

const SEQUENTIAL = Number(process.env.BENCH_SEQUENTIAL ?? 100);
const PER_MEMBER = Number(process.env.BENCH_PER_MEMBER ?? 15);
const TURNS = (process.env.BENCH_TURNS ?? '10,1000,10000').split(',').map(Number).filter((n) => n > 0);
const TURN_SENDS = Number(process.env.BENCH_TURN_SENDS ?? 30);
const ROUNDS = Number(process.env.BENCH_TURN_ROUNDS ?? 5);
const MEMORY = process.env.BENCH_MEMORY !== '0';
/** Pins in each long chat (of contracts MEMORY_LIMITS.pinsPerChat = 10). */
const PINS = 5;
const CROWDS = (process.env.BENCH_CROWDS ?? '16,32').split(',').map(Number).filter((n) => n > 0);
/**
 * The pause before measuring, after the sign-ups' warm-up and after seeding the long chats: time
 * for the background work those bursts cause, and for the runner's vacuum (infra/src/vacuum.ts,
 * every 10 s where autovacuum is off); a real chat of 10 000 turns grew over weeks, not in 80
 * seconds, so its tables were vacuumed and analyzed all along.
 */
const SETTLE_MS = Number(process.env.BENCH_SETTLE_MS ?? 25_000);

/** A short Thai message (6 coins): a send's cost does not depend on it. */
const CONTENT = 'สวัสดีจ้ะ';

interface Sample {
  ms: number;
  /** The server's own time (Server-Timing `total`), when it says. */
  serverMs: number | null;
  /** Streamed: time to the `start` event (the coins are taken). */
  startMs: number | null;
}

function serverTotal(header: string | null): number | null {
  const match = /(?:^|,)\s*total;dur=([\d.]+)/.exec(header ?? '');
  return match ? Number(match[1]) : null;
}

/** Phases the chat service reports in Server-Timing, summed over a scenario. */
const phases = new Map<string, number[]>();
function notePhases(header: string | null): void {
  for (const part of (header ?? '').split(',')) {
    const match = /^\s*([\w-]+);dur=([\d.]+)/.exec(part);
    if (!match || match[1] === 'total') continue;
    const list = phases.get(match[1]!) ?? [];
    list.push(Number(match[2]));
    phases.set(match[1]!, list);
  }
}

async function sendJson(url: string, member: Member, chatId: string): Promise<Sample> {
  const started = performance.now();
  const response = await fetch(`${url}/api/messages`, {
    method: 'POST',
    headers: { authorization: `Bearer ${member.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ chatId, content: CONTENT }),
  });
  const body = await response.text();
  const ms = performance.now() - started;
  if (response.status !== 200) throw new Error(`send: ${response.status} ${body.slice(0, 200)}`);
  const timing = response.headers.get('server-timing');
  notePhases(timing);
  return { ms, serverMs: serverTotal(timing), startMs: null };
}

async function sendStreamed(url: string, member: Member, chatId: string): Promise<Sample> {
  const started = performance.now();
  const response = await fetch(`${url}/api/messages`, {
    method: 'POST',
    headers: { authorization: `Bearer ${member.token}`, 'content-type': 'application/json', accept: 'text/event-stream' },
    body: JSON.stringify({ chatId, content: CONTENT }),
  });
  if (response.status !== 200 || !response.body) throw new Error(`streamed send: ${response.status} ${(await response.text()).slice(0, 200)}`);
  let text = '';
  let startMs: number | null = null;
  const decoder = new TextDecoder();
  for await (const chunk of response.body) {
    text += decoder.decode(chunk as Uint8Array, { stream: true });
    if (startMs === null && text.includes('event: start')) startMs = performance.now() - started;
  }
  const ms = performance.now() - started;
  if (!text.includes('event: done')) throw new Error(`streamed send did not end in done: ${text.slice(-200)}`);
  return { ms, serverMs: null, startMs };
}

type Send = (url: string, member: Member, chatId: string) => Promise<Sample>;

interface Row {
  label: string;
  sends: number;
  failed: number;
  perSecond: number;
  p50: number;
  p99: number;
  serverP50: number | null;
  startP50: number | null;
}

const rows: Row[] = [];

/** `crowd` members, each sending `each` messages one after another in their own chat, all at once. */
async function scenario(label: string, url: string, members: Array<{ member: Member; chatId: string }>, each: number, send: Send): Promise<Row> {
  const samples: Sample[] = [];
  const failures: string[] = [];
  const started = performance.now();
  await Promise.all(
    members.map(async ({ member, chatId }) => {
      for (let i = 0; i < each; i++) {
        // A refused send (e.g. 503 when the wallet's answer missed DEBIT_TIMEOUT_MS on a saturated
        // machine) is counted, not measured.
        try {
          samples.push(await send(url, member, chatId));
        } catch (error) {
          failures.push(error instanceof Error ? error.message : String(error));
        }
      }
    }),
  );
  return record(label, samples, failures, performance.now() - started);
}

/** One row of the table from a scenario's samples (printed as it is made). */
function record(label: string, samples: Sample[], failures: string[], wall: number): Row {
  if (samples.length === 0) throw new Error(`${label}: every send failed, e.g. ${failures[0]}`);
  const ms = samples.map((s) => s.ms).sort((a, b) => a - b);
  const server = samples.flatMap((s) => (s.serverMs === null ? [] : [s.serverMs])).sort((a, b) => a - b);
  const start = samples.flatMap((s) => (s.startMs === null ? [] : [s.startMs])).sort((a, b) => a - b);
  const row: Row = {
    label,
    sends: samples.length,
    failed: failures.length,
    perSecond: (samples.length / wall) * 1000,
    p50: percentile(ms, 50),
    p99: percentile(ms, 99),
    serverP50: server.length ? percentile(server, 50) : null,
    startP50: start.length ? percentile(start, 50) : null,
  };
  rows.push(row);
  console.info(
    `${label.padEnd(44)} ${String(row.sends).padStart(5)} sends${row.failed ? ` (+${row.failed} failed)` : ''} ${row.perSecond.toFixed(1).padStart(7)}/s  p50 ${row.p50.toFixed(1).padStart(7)} ms  p99 ${row.p99.toFixed(1).padStart(7)} ms` +
      (row.serverP50 === null ? '' : `  server p50 ${row.serverP50.toFixed(1)} ms`) +
      (row.startP50 === null ? '' : `  start p50 ${row.startP50.toFixed(1)} ms`) +
      `  (load ${load()})`,
  );
  return row;
}

/** Fills a chat with `turns` earlier turns (a member's message and a reply each) through chat's own store. */
async function seedTurns(mongodbUrl: string, dbName: string, chatId: string, userId: string, characterId: string, turns: number): Promise<void> {
  const connection = await mongoose.createConnection(mongodbUrl, { dbName }).asPromise();
  try {
    const store = createChatStore(chatModels(connection));
    const base = Date.now() - turns * 2_000;
    for (let i = 0; i < turns; i++) {
      for (const isUser of [true, false]) {
        const doc: MessageDoc = {
          _id: `seed-${chatId}-${i}-${isUser ? 'u' : 'r'}`,
          chatId,
          userId,
          characterId,
          content: isUser ? `ข้อความที่ ${i + 1} ของการคุยยาว ๆ` : `*ยิ้ม* ตอบข้อความที่ ${i + 1} อย่างใจเย็น`,
          isUser,
          timestamp: new Date(base + i * 2_000 + (isUser ? 0 : 1_000)),
          persona: null,
          offline: true,
        };
        await store.insertMessage(doc);
      }
    }
  } finally {
    await connection.close();
  }
}

async function main(): Promise<void> {
  const { stack, url } = await startBenchStack({ chatEnv: { OFFLINE_STREAM_DELAY_MS: '0' } });
  try {
    // The owner raises the registration bonus so every bench member can pay for every send.
    const owner = await signIn(url, 'admin@lakorn.local', 'admin');
    await call(url, owner, 'POST', '/api/admin/registration-bonus', { coins: 1_000_000 });
    const characterId = await createCharacter(url, owner, 'ตัวละครทดสอบความเร็ว');

    const crowd = Math.max(1, ...CROWDS);
    const members: Array<{ member: Member; chatId: string }> = [];
    for (let i = 0; i < crowd; i++) {
      const member = await signIn(url, `bench-sender-${i}@lakorn.local`);
      for (let tries = 0; ; tries++) {
        const { balance } = await call<{ balance: number }>(url, member, 'GET', '/api/coins/balance');
        if (balance >= 100_000) break;
        if (tries > 100) throw new Error(`${member.email} never received the registration bonus`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const chat = await call<{ id: string }>(url, member, 'POST', '/api/chats', { characterId });
      members.push({ member, chatId: chat.id });
    }

    // Warm-up: every member's first send (connections, caches, JIT) is not measured. Then the
    // sign-ups' own background work (bonus credits, identity events, balance pushes) settles, so
    // the first scenario measures sends, not the tail of 32 registrations.
    await Promise.all(members.map(({ member, chatId }) => sendJson(url, member, chatId)));
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));

    console.info(`\nbench/sends · ${machine()} · load ${load()}\n`);
    for (const [kind, send] of [['JSON', sendJson], ['streamed', sendStreamed]] as const) {
      phases.clear();
      const sequential = await scenario(`${kind}: 1 member, one after another`, url, members.slice(0, 1), SEQUENTIAL, send);
      for (const size of CROWDS) {
        const row = await scenario(`${kind}: ${size} members at once`, url, members.slice(0, size), PER_MEMBER, send);
        console.info(`  ${size} at once ÷ sequential sends/s: ${(row.perSecond / sequential.perSecond).toFixed(2)}×`);
      }
      if (phases.size > 0) {
        console.info(
          `  server phases p50 over the ${kind} sends: ${[...phases].map(([name, list]) => `${name} ${percentile(list.sort((a, b) => a - b), 50).toFixed(1)} ms`).join(', ')}`,
        );
      }
    }

    // One chat at several lengths: the earlier turns are stored through chat's own store. Every
    // chat is seeded first; then the sends go round the chats in turn (ROUNDS rounds), so a busy
    // moment of the machine falls on every length alike and the ratios compare like with like.
    const [reader] = members;
    const chatDb = `${stack.dbPrefix}chat`;
    const longChats: Array<{ turns: number; chatId: string; samples: Sample[]; failures: string[]; phases: Map<string, number[]>; wallMs: number }> = [];
    for (const turns of TURNS) {
      const chat = await call<{ id: string }>(url, reader!.member, 'POST', '/api/chats', { characterId });
      const seeding = performance.now();
      await seedTurns(stack.mongodbUrl, chatDb, chat.id, reader!.member.id, characterId, turns);
      console.info(`  (seeded ${turns} turns in ${((performance.now() - seeding) / 1000).toFixed(1)} s)`);
      if (MEMORY) {
        // Pins spread over the chat's length (the oldest ones long out of the window), and a summary.
        for (let k = 0; k < Math.min(PINS, turns); k++) {
          const at = Math.floor((k * turns) / Math.min(PINS, turns));
          await call(url, reader!.member, 'POST', `/api/messages/seed-${chat.id}-${at}-u/pin`);
        }
        await call(url, reader!.member, 'PUT', `/api/chats/${chat.id}/summary`, { summary: 'เราคุยกันมานานเรื่องทะเล การเดินทาง และคำสัญญาที่จะกลับมาพบกันอีก' });
      }
      longChats.push({ turns, chatId: chat.id, samples: [], failures: [], phases: new Map(), wallMs: 0 });
    }
    if (longChats.some((c) => c.turns >= 1_000)) await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    for (const chat of longChats) await sendJson(url, reader!.member, chat.chatId);
    const perRound = Math.max(1, Math.round(TURN_SENDS / ROUNDS));
    for (let round = 0; round < ROUNDS; round++) {
      for (const chat of longChats) {
        phases.clear();
        const started = performance.now();
        for (let i = 0; i < perRound; i++) {
          try {
            chat.samples.push(await sendJson(url, reader!.member, chat.chatId));
          } catch (error) {
            chat.failures.push(error instanceof Error ? error.message : String(error));
          }
        }
        chat.wallMs += performance.now() - started;
        for (const [name, list] of phases) chat.phases.set(name, [...(chat.phases.get(name) ?? []), ...list]);
      }
    }
    const shortest = longChats[0];
    for (const chat of longChats) {
      const row = record(`JSON: a chat of ${chat.turns} turns${MEMORY ? ' (5 pins, summary)' : ''}`, chat.samples, chat.failures, chat.wallMs);
      if (shortest && chat !== shortest) console.info(`  p50 ÷ the ${shortest.turns}-turn chat's: ×${(row.p50 / percentile(shortest.samples.map((x) => x.ms).sort((x, y) => x - y), 50)).toFixed(2)}`);
      console.info(`  server phases p50: ${[...chat.phases].map(([name, list]) => `${name} ${percentile(list.sort((x, y) => x - y), 50).toFixed(1)} ms`).join(', ')}`);
    }

    console.info('\n| Scenario | sends | failed | sends/s | p50 ms | p99 ms | server p50 ms | stream start p50 ms |');
    console.info('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
    for (const row of rows) {
      const f = (n: number | null) => (n === null ? '—' : n.toFixed(1));
      console.info(`| ${row.label} | ${row.sends} | ${row.failed} | ${row.perSecond.toFixed(1)} | ${f(row.p50)} | ${f(row.p99)} | ${f(row.serverP50)} | ${f(row.startP50)} |`);
    }
    console.info(`\nload average at the end: ${load()}`);
  } finally {
    await stack.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
