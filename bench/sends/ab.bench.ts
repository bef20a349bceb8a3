// Two trees' message sends, interleaved in one run: this tree (A) and another checkout (B,
// BENCH_B_TREE, its own `npm install` done), each its own isolated stack on the same FerretDB and
// RabbitMQ, measured in alternating rounds so a busy moment of the machine falls on both alike.
// Separate runs of bench/sends on this 2-core machine drift by more than ±10% from one to the next
// (bench/README "sends"), which is wider than the margins some goals ask about; in one interleaved
// run the drift cancels. JSON sends (spec §4 "Message send") with the offline responder's delay at 0:
// one member one after another, then CROWD members at once.
// Settings: BENCH_B_TREE (required), BENCH_ROUNDS (10), BENCH_SEQUENTIAL (10 sends a round),
// BENCH_CROWD (16 members), BENCH_PER_MEMBER (2 sends each a round), BENCH_SETTLE_MS (15 000).
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import * as here from '../support/stack';

type StackModule = typeof here;
interface Side {
  name: string;
  url: string;
  stop: () => Promise<void>;
  members: Array<{ member: here.Member; chatId: string }>;
  sequential: number[];
  crowd: number[];
  crowdWallMs: number;
}

const B_TREE = process.env.BENCH_B_TREE;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 10);
const SEQUENTIAL = Number(process.env.BENCH_SEQUENTIAL ?? 10);
const CROWD = Number(process.env.BENCH_CROWD ?? 16);
const PER_MEMBER = Number(process.env.BENCH_PER_MEMBER ?? 2);
const SETTLE_MS = Number(process.env.BENCH_SETTLE_MS ?? 15_000);
const CONTENT = 'สวัสดีจ้ะ';

async function send(url: string, member: here.Member, chatId: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${url}/api/messages`, {
    method: 'POST',
    headers: { authorization: `Bearer ${member.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ chatId, content: CONTENT }),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`send: ${response.status} ${text.slice(0, 200)}`);
  return performance.now() - started;
}

async function prepare(name: string, stacks: StackModule): Promise<Side> {
  const { stack, url } = await stacks.startBenchStack({ chatEnv: { OFFLINE_STREAM_DELAY_MS: '0' } });
  const owner = await stacks.signIn(url, 'admin@lakorn.local', 'admin');
  await stacks.call(url, owner, 'POST', '/api/admin/registration-bonus', { coins: 1_000_000 });
  const characterId = await stacks.createCharacter(url, owner, 'ตัวละครทดสอบความเร็ว');
  const members: Side['members'] = [];
  for (let i = 0; i < CROWD; i++) {
    const member = await stacks.signIn(url, `ab-sender-${i}@lakorn.local`);
    for (let tries = 0; ; tries++) {
      const { balance } = await stacks.call<{ balance: number }>(url, member, 'GET', '/api/coins/balance');
      if (balance >= 100_000) break;
      if (tries > 100) throw new Error(`${name}: ${member.email} never received the registration bonus`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const chat = await stacks.call<{ id: string }>(url, member, 'POST', '/api/chats', { characterId });
    members.push({ member, chatId: chat.id });
  }
  // Warm-up: every member's first send is not measured.
  await Promise.all(members.map(({ member, chatId }) => send(url, member, chatId)));
  return { name, url, stop: () => stack.stop(), members, sequential: [], crowd: [], crowdWallMs: 0 };
}

async function round(side: Side): Promise<void> {
  const [first] = side.members;
  for (let i = 0; i < SEQUENTIAL; i++) side.sequential.push(await send(side.url, first!.member, first!.chatId));
  const started = performance.now();
  await Promise.all(
    side.members.map(async ({ member, chatId }) => {
      for (let i = 0; i < PER_MEMBER; i++) side.crowd.push(await send(side.url, member, chatId));
    }),
  );
  side.crowdWallMs += performance.now() - started;
}

function p(sorted: number[], q: number): number {
  return here.percentile(sorted, q);
}

async function main(): Promise<void> {
  if (!B_TREE) throw new Error('BENCH_B_TREE: the other checkout to compare with (its npm install done)');
  const there = (await import(path.resolve(B_TREE, 'bench/support/stack.ts'))) as StackModule;
  const a = await prepare('A (this tree)', here);
  const b = await prepare(`B (${B_TREE})`, there);
  try {
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    console.info(`\nbench/sends a/b · ${here.machine()} · load ${here.load()}\n`);
    for (let r = 0; r < ROUNDS; r++) {
      // Alternate who goes first, so neither side always follows the other's crowd.
      for (const side of r % 2 === 0 ? [a, b] : [b, a]) await round(side);
    }
    console.info('| scenario | side | sends | p50 ms | p90 ms | sends/s |');
    console.info('| --- | --- | ---: | ---: | ---: | ---: |');
    for (const [label, pick] of [
      ['1 member, one after another', (s: Side) => s.sequential],
      [`${CROWD} members at once`, (s: Side) => s.crowd],
    ] as const) {
      const medians: number[] = [];
      for (const side of [a, b]) {
        const sorted = [...pick(side)].sort((x, y) => x - y);
        const perSecond = label.startsWith('1 ') ? 1000 / (sorted.reduce((t, x) => t + x, 0) / sorted.length) : (sorted.length / side.crowdWallMs) * 1000;
        medians.push(p(sorted, 50));
        console.info(`| ${label} | ${side.name} | ${sorted.length} | ${p(sorted, 50).toFixed(1)} | ${p(sorted, 90).toFixed(1)} | ${perSecond.toFixed(1)} |`);
      }
      console.info(`  A p50 ÷ B p50: ×${(medians[0]! / medians[1]!).toFixed(3)}`);
    }
    console.info(`\nload average at the end: ${here.load()}`);
  } finally {
    await Promise.all([a.stop(), b.stop()]);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
