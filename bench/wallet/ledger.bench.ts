// The coin ledger's speed on the local database: what one coin movement costs (ARCHITECTURE §3:
// an insert against unique indexes, computed from the head), what a crowd on one wallet costs
// (every racer but one retries from the new head), replays, reads, and history paging.
// Settings: BENCH_SEQUENTIAL (200), BENCH_CROWD (8 workers), BENCH_CROWD_OPS (200),
// BENCH_USERS (20), BENCH_MIX_OPS (400). Results are also checked: no entry below 0, each chain
// gap-free, and the final balance equal to the sum of what was applied.
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { connectMongo, ensureIndexes, silentLogger } from '@lakorn/service-kit';
import { createWalletService } from '../../services/wallet/src/service';

const SEQUENTIAL = Number(process.env.BENCH_SEQUENTIAL ?? 200);
const CROWD = Number(process.env.BENCH_CROWD ?? 8);
const CROWD_OPS = Number(process.env.BENCH_CROWD_OPS ?? 200);
const USERS = Number(process.env.BENCH_USERS ?? 20);
const MIX_OPS = Number(process.env.BENCH_MIX_OPS ?? 400);
const URL = process.env.MONGODB_URL ?? 'mongodb://127.0.0.1:27017/?directConnection=true&retryWrites=false';

const rows: Array<[string, number, number, number, string]> = [];

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

async function measure(label: string, runs: number, once: (i: number) => Promise<unknown>, parallel = 1, note = ''): Promise<void> {
  const times: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      for (let i = next++; i < runs; i = next++) {
        const t = performance.now();
        await once(i);
        times.push(performance.now() - t);
      }
    }),
  );
  const wall = performance.now() - started;
  times.sort((a, b) => a - b);
  const perSecond = (runs / wall) * 1000;
  rows.push([label, runs, percentile(times, 50), percentile(times, 95), note || `${perSecond.toFixed(0)} ops/s`]);
  console.info(`${label.padEnd(62)} p50 ${percentile(times, 50).toFixed(1).padStart(7)} ms  p95 ${percentile(times, 95).toFixed(1).padStart(7)} ms  ${note || `${perSecond.toFixed(0)} ops/s`}`);
}

async function main() {
  const dbName = `bench_wallet_${randomBytes(3).toString('hex')}`;
  const connection = await connectMongo(URL, dbName);
  try {
    const wallet = createWalletService({ connection, logger: silentLogger(), provider: null, promptPayId: '0000000000', allowSimulation: false });
    await ensureIndexes(connection);
    const { ledger } = wallet;
    const op = () => randomBytes(8).toString('hex');

    // 1. One wallet, one movement at a time: the common path (read the head, insert seq+1).
    const solo = `solo-${op()}`;
    await measure('credit, one at a time (one wallet)', SEQUENTIAL, () =>
      ledger.apply({ userId: solo, opId: `credit:${op()}`, kind: 'credit', amount: 10, description: 'bench' }),
    );
    await measure('debit, one at a time (one wallet)', SEQUENTIAL, () =>
      ledger.apply({ userId: solo, opId: `chat:${op()}`, kind: 'debit', amount: -3, description: 'bench' }),
    );
    const replayId = `credit:replay-${op()}`;
    await ledger.apply({ userId: solo, opId: replayId, kind: 'credit', amount: 1, description: 'bench' });
    await measure('replay of an applied opId (answers the earlier entry)', 50, () =>
      ledger.apply({ userId: solo, opId: replayId, kind: 'credit', amount: 1, description: 'bench' }),
    );
    await measure('balance (the head)', 200, () => ledger.balance(solo));
    await measure('history, newest 50', 50, () => ledger.history(solo, 50));

    // 2. A crowd on one wallet: every racer but the winner of a seq retries from the new head.
    const crowded = `crowd-${op()}`;
    await ledger.apply({ userId: crowded, opId: `seed:${op()}`, kind: 'credit', amount: CROWD_OPS, description: 'bench' });
    await measure(`debit 1, ${CROWD} workers on one wallet`, CROWD_OPS, () =>
      ledger.apply({ userId: crowded, opId: `chat:${op()}`, kind: 'debit', amount: -1, description: 'bench' }),
      CROWD,
    );
    const crowdHead = await ledger.balance(crowded);
    if (crowdHead.balance !== 0) throw new Error(`crowd: expected balance 0, got ${crowdHead.balance}`);

    // 3. Many wallets, a mix of credits and debits (some refused), 8 workers.
    const users = Array.from({ length: USERS }, (_, i) => `mix-${i}-${op()}`);
    let expected = new Map(users.map((u) => [u, 0]));
    await measure(
      `random mix on ${USERS} wallets, 8 workers`,
      MIX_OPS,
      async (i) => {
        const userId = users[i % USERS] as string;
        const amount = Math.random() < 0.5 ? 5 : -4;
        const result = await ledger.apply({ userId, opId: `mix:${op()}`, kind: amount > 0 ? 'credit' : 'debit', amount, description: 'bench' });
        if (result.status === 'applied') expected.set(userId, (expected.get(userId) ?? 0) + amount);
      },
      8,
    );
    for (const userId of users) {
      const head = await ledger.balance(userId);
      if (head.balance !== expected.get(userId) || head.balance < 0) throw new Error(`mix: ${userId} balance ${head.balance}, expected ${expected.get(userId)}`);
      const chain = (await ledger.history(userId, 500)).reverse();
      chain.forEach((entry, index) => {
        const before = index === 0 ? 0 : (chain[index - 1]?.balanceAfter ?? 0);
        if (entry.seq !== index + 1 || entry.balanceAfter !== before + entry.amount || entry.balanceAfter < 0) {
          throw new Error(`mix: ${userId} chain broken at seq ${entry.seq}`);
        }
      });
    }
    expected = new Map();
    console.info('checked: no entry below 0, chains gap-free and consistent, balances equal what was applied');

    console.info('\n| Measurement | runs | p50 ms | p95 ms | throughput |\n| --- | ---: | ---: | ---: | ---: |');
    for (const [label, runs, p50, p95, note] of rows) console.info(`| ${label} | ${runs} | ${p50.toFixed(1)} | ${p95.toFixed(1)} | ${note} |`);
  } finally {
    await connection.dropDatabase().catch(() => undefined);
    await connection.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
