// Our own chaos suite (bench/README.md "chaos"): the whole system as `npm start` runs it, on its
// own ports, databases, bus namespace and FerretDB, while members send (JSON and streamed), check in,
// redeem a promo code, like and pay, and a schedule kills each service, the gateway and FerretDB with
// SIGKILL and stops RabbitMQ for 10 s. Afterwards every invariant of the money and the sends is
// checked from the databases themselves, and a table is printed; the exit code is 1 when any
// invariant was broken.
//
//   npm run chaos -- --minutes 3 [--members 8] [--fault-every 20] [--no-broker] [--targets ferretdb,broker]
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { MongoClient } from 'mongodb';
import { readRunnerEnv, type ProcessName } from '../../infra/src/config';
import { startFerretDb } from '../../infra/src/ferretdb';
import { repoPaths } from '../../infra/src/paths';
import { freePort } from '../../infra/src/ports';
import { chooseFerretBackend } from '../../infra/src/postgres';
import { supervise } from '../../infra/src/restarts';
import { startStack } from '../../infra/src/stack';
import { call, createCharacter, load, machine, signIn, type Member } from '../support/stack';

function option(name: string, fallback: number): number {
  const at = process.argv.indexOf(`--${name}`);
  const value = at >= 0 ? Number(process.argv[at + 1]) : fallback;
  if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name} takes a positive number`);
  return value;
}
const MINUTES = option('minutes', 3);
const MEMBERS = option('members', 8);
const FAULT_EVERY_S = option('fault-every', 20);
const WANT_BROKER_FAULTS = !process.argv.includes('--no-broker');
const ALL_TARGETS: Fault['target'][] = ['chat', 'wallet', 'catalog', 'identity', 'checkin', 'gateway', 'ferretdb', 'broker'];
/** The schedule's targets, in this order; `--targets` narrows it to trace one kind of fault. */
function targetsOption(): Fault['target'][] {
  const at = process.argv.indexOf('--targets');
  if (at < 0) return ALL_TARGETS;
  const named = (process.argv[at + 1] ?? '').split(',').filter(Boolean);
  const unknown = named.filter((target) => !ALL_TARGETS.includes(target as Fault['target']));
  if (named.length === 0 || unknown.length > 0) throw new Error(`--targets takes a list of ${ALL_TARGETS.join(', ')}`);
  return ALL_TARGETS.filter((target) => named.includes(target));
}
const TARGETS = targetsOption();
/** ARCHITECTURE §6: a stream may stay silent at most 12 s at the gateway; the goal allows 15 s. */
const STREAM_SILENCE_LIMIT_MS = 15_000;
/** A client gives up on any call after this; a hang shows as a failure with this duration. */
const CALL_LIMIT_MS = 90_000;

type Kind = 'send' | 'stream' | 'checkin' | 'promo' | 'like' | 'payment';
interface Op {
  kind: Kind;
  member: Member;
  started: number;
  ended: number;
  ok: boolean;
  /** What the client saw when it failed: an HTTP status and code, or the network error. */
  failure?: string;
  clientMessageId?: string;
  /** Payments: the intent made, whatever happened next. */
  paymentId?: string;
  /** Sends: the answer was lost on the way and the outcome was asked for by the client id. */
  asked?: boolean;
  /** Streams: the longest silence between two bytes, and whether it ended in `done`/`error`. */
  maxSilenceMs?: number;
}
interface Fault {
  target: ProcessName | 'ferretdb' | 'broker';
  at: number;
  /** RabbitMQ: when `start_app` returned (recovery after the broker's return is counted from here). */
  back?: number;
  skipped?: string;
}

const now = () => performance.now();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const headers = (member: Member, extra: Record<string, string> = {}) => ({
  authorization: `Bearer ${member.token}`,
  'content-type': 'application/json',
  ...extra,
});

async function failureOf(response: Response): Promise<string> {
  const text = await response.text().catch(() => '');
  let code = '';
  try {
    const body = JSON.parse(text) as { code?: unknown; message?: unknown };
    code = String(body.code ?? '');
    // A refusal the suite did not expect says why (a 4xx is the suite's own mistake or a rule's).
    if (response.status === 400 && typeof body.message === 'string') code += `: ${body.message.slice(0, 80)}`;
  } catch {
    // Not JSON: the status says it.
  }
  return `${response.status}${code ? ` ${code}` : ''}`;
}

function brokerFaultsAllowed(): string | undefined {
  if (!WANT_BROKER_FAULTS) return 'not asked for (--no-broker)';
  const status = spawnSync('rabbitmqctl', ['status'], { stdio: 'ignore', timeout: 20_000 });
  return status.status === 0 ? undefined : 'rabbitmqctl is not allowed here';
}

async function main() {
  const settings = readRunnerEnv();
  const brokerSkip = brokerFaultsAllowed();
  console.info(`chaos: ${MINUTES} min, ${MEMBERS} members, a fault every ${FAULT_EVERY_S} s · ${machine()}`);

  // FerretDB of its own, so killing it disturbs nothing else on the machine.
  const backend = await chooseFerretBackend(settings);
  const ferretPort = await freePort();
  const startFerret = () =>
    startFerretDb(repoPaths(), backend, { host: '127.0.0.1', port: ferretPort }, 60_000, { logName: 'ferretdb-chaos.log' });
  const notices: string[] = [];
  // Every line of every process of the run, so a violation can be traced afterwards.
  const logPath = path.join(repoPaths().logsDir, `chaos-${new Date().toISOString().replace(/[:.]/g, '-')}.log`);
  fs.mkdirSync(path.dirname(logPath), { recursive: true });
  const processLog = fs.createWriteStream(logPath);
  const ferret = supervise('FerretDB', await startFerret(), startFerret, { maxCrashes: 100, windowMs: 60_000, firstDelayMs: 250 }, (line) =>
    notices.push(line),
  );
  const mongodbUrl = `mongodb://127.0.0.1:${ferretPort}/?directConnection=true&retryWrites=false`;
  const stack = await startStack({
    isolated: true,
    buildWeb: false,
    infrastructure: { mongodbUrl, amqpUrl: settings.AMQP_URL, died: ferret.died, stop: () => ferret.stop() },
    overrides: {
      NODE_ENV: 'development',
      RATE_LIMIT_IP_PER_MINUTE: '1000000000',
      RATE_LIMIT_USER_PER_MINUTE: '1000000000',
      RATE_LIMIT_AUTH_PER_MINUTE: '1000000000',
    },
    processEnv: { chat: { OFFLINE_STREAM_DELAY_MS: '30' } },
    restart: { maxCrashes: 100 },
    sink: (lines) => {
      processLog.write(`${lines.join('\n')}\n`);
      notices.push(...lines.filter((line) => line.includes('[lakorn]')));
    },
  });
  const url = stack.url;
  const ops: Op[] = [];
  const faults: Fault[] = [];
  try {
    const owner = await signIn(url, 'admin@lakorn.local', 'admin');
    await call(url, owner, 'POST', '/api/admin/registration-bonus', { coins: 1_000_000 });
    await call(url, owner, 'POST', '/api/admin/payment-system', { enabled: true });
    const promo = await call<{ code: string }>(url, owner, 'POST', '/api/admin/promo-codes', {
      generateRandom: true,
      coins: 7,
      maxUses: 1_000,
    });
    const characterId = await createCharacter(url, owner, 'ตัวละครทดสอบความทนทาน');
    const members = await Promise.all(
      Array.from({ length: MEMBERS }, async (_, i) => {
        const member = await signIn(url, `chaos${i}@lakorn.local`, `chaos${i}`);
        const chat = await call<{ id: string }>(url, member, 'POST', '/api/chats', { characterId });
        return { member, chatId: chat.id };
      }),
    );

    const end = now() + MINUTES * 60_000;
    let sent = 0;
    const run = async (op: Omit<Op, 'started' | 'ended' | 'ok'>, body: () => Promise<Partial<Op> & { ok: boolean }>) => {
      const started = now();
      let outcome: Partial<Op> & { ok: boolean };
      try {
        outcome = await body();
      } catch (error) {
        outcome = { ok: false, failure: (error as Error).name === 'TimeoutError' ? 'hang' : `network: ${(error as Error).message}` };
      }
      ops.push({ ...op, started, ended: now(), ...outcome });
      // A member whose action failed waits a moment before the next, as a person would; without
      // it a dead gateway turns every member into a tight loop of refused connections.
      if (!outcome.ok) await sleep(250);
    };
    const signal = () => AbortSignal.timeout(CALL_LIMIT_MS);

    /**
     * As the chat screen does (ARCHITECTURE §6): a send whose answer was lost is asked for by its
     * client id every second until its outcome is known; only that outcome counts.
     */
    const outcomeOf = async (member: Member, clientMessageId: string, lost: string): Promise<Partial<Op> & { ok: boolean }> => {
      const deadline = now() + CALL_LIMIT_MS;
      while (now() < deadline) {
        await sleep(1_000);
        let response: Response;
        try {
          response = await fetch(`${url}/api/messages/by-client-id/${clientMessageId}`, { headers: headers(member), signal: signal() });
        } catch {
          continue;
        }
        const failure = await failureOf(response.clone());
        if (response.status === 200) return { ok: true, asked: true };
        if (response.status === 202 || response.status === 502 || response.status === 504) continue;
        if (response.status === 503 && !failure.includes('AI_UNAVAILABLE')) continue;
        return { ok: false, asked: true, failure: `${failure} (asked after ${lost})` };
      }
      return { ok: false, asked: true, failure: `outcome unknown after ${lost}` };
    };
    const lostStatus = (status: number) => status === 202 || status === 502 || status === 504;

    const send = (member: Member, chatId: string) => {
      const clientMessageId = randomUUID();
      return run({ kind: 'send', member, clientMessageId }, async () => {
        let response: Response;
        try {
          response = await fetch(`${url}/api/messages`, {
            method: 'POST',
            headers: headers(member),
            body: JSON.stringify({ chatId, content: `ทดสอบ ${++sent}`, clientMessageId }),
            signal: signal(),
          });
        } catch (error) {
          if ((error as Error).name === 'TimeoutError') throw error;
          return outcomeOf(member, clientMessageId, `network: ${(error as Error).message}`);
        }
        if (response.status === 200) {
          await response.text();
          return { ok: true };
        }
        const failure = await failureOf(response);
        return lostStatus(response.status) ? outcomeOf(member, clientMessageId, failure) : { ok: false, failure };
      });
    };
    const stream = (member: Member, chatId: string) => {
      const clientMessageId = randomUUID();
      return run({ kind: 'stream', member, clientMessageId }, async () => {
        let response: Response;
        try {
          response = await fetch(`${url}/api/messages`, {
            method: 'POST',
            headers: headers(member, { accept: 'text/event-stream' }),
            body: JSON.stringify({ chatId, content: `สตรีม ${++sent}`, clientMessageId }),
            signal: signal(),
          });
        } catch (error) {
          if ((error as Error).name === 'TimeoutError') throw error;
          return outcomeOf(member, clientMessageId, `network: ${(error as Error).message}`);
        }
        if (response.status !== 200 || !response.body) {
          const failure = await failureOf(response);
          return lostStatus(response.status) ? outcomeOf(member, clientMessageId, failure) : { ok: false, failure };
        }
        let text = '';
        let last = now();
        let maxSilenceMs = 0;
        const decoder = new TextDecoder();
        try {
          for await (const chunk of response.body) {
            maxSilenceMs = Math.max(maxSilenceMs, now() - last);
            last = now();
            text += decoder.decode(chunk as Uint8Array, { stream: true });
          }
        } catch (error) {
          maxSilenceMs = Math.max(maxSilenceMs, now() - last);
          return { ...(await outcomeOf(member, clientMessageId, `stream cut: ${(error as Error).message}`)), maxSilenceMs };
        }
        maxSilenceMs = Math.max(maxSilenceMs, now() - last);
        if (text.includes('event: done')) return { ok: true, maxSilenceMs };
        const error = /event: error\ndata: (.*)/.exec(text)?.[1];
        if (!error) return { ...(await outcomeOf(member, clientMessageId, 'stream ended without done')), maxSilenceMs };
        const { status, code } = JSON.parse(error) as { status?: number; code?: string };
        // The gateway's end of a stream whose upstream died, or the service's "not decided yet".
        if (status === 202 || code === 'UPSTREAM_FAILED' || code === 'UPSTREAM_TIMEOUT') {
          return { ...(await outcomeOf(member, clientMessageId, `error event ${error}`)), maxSilenceMs };
        }
        return { ok: false, failure: `error event ${error}`, maxSilenceMs };
      });
    };
    const simple = (kind: Kind, member: Member, method: string, path: string, body: unknown, acceptable: number[] = []) =>
      run({ kind, member }, async () => {
        const response = await fetch(`${url}${path}`, { method, headers: headers(member), body: JSON.stringify(body), signal: signal() });
        if (response.ok || acceptable.includes(response.status)) {
          await response.text();
          return { ok: true };
        }
        return { ok: false, failure: await failureOf(response) };
      });
    const pay = (member: Member) =>
      run({ kind: 'payment', member }, async () => {
        const created = await fetch(`${url}/api/payments/promptpay`, {
          method: 'POST',
          headers: headers(member),
          body: JSON.stringify({ package: 'small' }),
          signal: signal(),
        });
        if (!created.ok) return { ok: false, failure: `create ${await failureOf(created)}` };
        const { paymentIntentId } = (await created.json()) as { paymentIntentId: string };
        const paid = await fetch(`${url}/api/payments/simulate/${paymentIntentId}`, { method: 'POST', headers: headers(member), signal: signal() });
        if (!paid.ok) return { ok: false, paymentId: paymentIntentId, failure: `simulate ${await failureOf(paid)}` };
        await paid.text();
        const done = await fetch(`${url}/api/payments/complete`, {
          method: 'POST',
          headers: headers(member),
          body: JSON.stringify({ paymentIntentId }),
          signal: signal(),
        });
        if (!done.ok) return { ok: false, paymentId: paymentIntentId, failure: `complete ${await failureOf(done)}` };
        await done.text();
        return { ok: true, paymentId: paymentIntentId };
      });

    const worker = async ({ member, chatId }: { member: Member; chatId: string }) => {
      while (now() < end) {
        const roll = Math.random();
        if (roll < 0.45) await send(member, chatId);
        else if (roll < 0.7) await stream(member, chatId);
        else if (roll < 0.78) await simple('checkin', member, 'POST', '/api/checkin', {}, [409]);
        // One redemption per member succeeds; the rest are refused (409 already used), and after 5 refusals in
        // 10 minutes the wallet stops listening for a while (429, spec-style abuse limit).
        else if (roll < 0.85) await simple('promo', member, 'POST', '/api/coins/redeem', { code: promo.code }, [400, 409, 429]);
        else if (roll < 0.93) await simple('like', member, 'POST', `/api/characters/${characterId}/like`, {});
        else await pay(member);
      }
    };

    const faulting = (async () => {
      // Every fault leaves at least one interval before the end to recover in.
      for (let i = 0; now() + 2 * FAULT_EVERY_S * 1000 <= end; i++) {
        await sleep(FAULT_EVERY_S * 1000);
        const target = TARGETS[i % TARGETS.length]!;
        const fault: Fault = { target, at: now() };
        faults.push(fault);
        if (target === 'ferretdb') process.kill(ferret.current().pid, 'SIGKILL');
        else if (target === 'broker') {
          if (brokerSkip) fault.skipped = brokerSkip;
          else {
            spawnSync('rabbitmqctl', ['stop_app'], { stdio: 'ignore', timeout: 60_000 });
            await sleep(10_000);
            spawnSync('rabbitmqctl', ['start_app'], { stdio: 'ignore', timeout: 60_000 });
            fault.back = now();
          }
        } else stack.kill(target);
      }
    })();
    await Promise.all([...members.map(worker), faulting]);

    // Every send is settled by its handler or the sweeper: wait for the sweeper's deadline.
    const client = await MongoClient.connect(mongodbUrl);
    try {
      const chatDb = client.db(`${stack.dbPrefix}chat`);
      const walletDb = client.db(`${stack.dbPrefix}wallet`);
      const sweepDeadline = now() + 120_000;
      const pendingSends = async () =>
        (await chatDb.collection('sends').countDocuments({ pending: true })) +
        (await chatDb.collection('pending_sends').countDocuments()) +
        (await chatDb.collection('paid_saves').countDocuments({ pending: true }));
      while ((await pendingSends()) > 0 && now() < sweepDeadline) await sleep(1_000);
      // A payment whose last step was cut off is settled when its payer's page polls its status
      // (spec §4 payment), as the payer's page does; only then is its record final.
      const open = await walletDb
        .collection<{ _id: string; status: string }>('payments')
        .find({ status: { $in: ['pending', 'processing'] } })
        .toArray();
      for (const payment of open) {
        const payer = ops.find((op) => op.paymentId === payment._id)?.member;
        if (payer) await fetch(`${url}/api/payments/status/${payment._id}`, { headers: headers(payer), signal: signal() }).catch(() => undefined);
      }
      report(ops, faults, await invariants(walletDb, chatDb, ops), notices);
    } finally {
      await client.close();
    }
  } finally {
    await stack.stop();
    await ferret.stop();
    processLog.end();
    console.info(`every process's log of this run: ${path.relative(process.cwd(), logPath)}`);
  }
}

interface Invariant {
  name: string;
  violations: number;
  examples: string[];
}

async function invariants(walletDb: ReturnType<MongoClient['db']>, chatDb: ReturnType<MongoClient['db']>, ops: Op[]): Promise<Invariant[]> {
  const check = (name: string) => {
    const inv: Invariant = { name, violations: 0, examples: [] };
    return {
      inv,
      fail: (example: string) => {
        inv.violations += 1;
        if (inv.examples.length < 3) inv.examples.push(example);
      },
    };
  };
  type Entry = { _id: string; userId: string; seq: number; opId: string; kind: string; amount: number; balanceAfter: number; ref: string };
  const entries = await walletDb.collection<Entry>('wallet_entries').find({}).toArray();
  const byOp = new Map(entries.map((e) => [e.opId, e]));

  const chain = check('ledger: each member’s entries chain (seq 1..n, balance = previous + amount)');
  const negative = check('no negative balance');
  const users = new Map<string, Entry[]>();
  for (const e of entries) users.set(e.userId, [...(users.get(e.userId) ?? []), e]);
  for (const [userId, list] of users) {
    list.sort((a, b) => a.seq - b.seq);
    let balance = 0;
    list.forEach((e, i) => {
      if (e.seq !== i + 1 || e.balanceAfter !== balance + e.amount) chain.fail(`${userId} seq ${e.seq}`);
      if (e.balanceAfter < 0) negative.fail(`${userId} seq ${e.seq}: ${e.balanceAfter}`);
      balance = e.balanceAfter;
    });
  }
  const doubles = check('no double credit (every opId once)');
  if (byOp.size !== entries.length) doubles.fail(`${entries.length - byOp.size} repeated opIds`);

  const payments = check('every succeeded payment credited once, no other');
  for (const payment of await walletDb.collection<{ _id: string; status: string }>('payments').find({}).toArray()) {
    const credited = byOp.get(`payment:${payment._id}`);
    if ((payment.status === 'succeeded') !== Boolean(credited && credited.amount > 0)) payments.fail(`${payment._id} ${payment.status}`);
  }

  type Resolution = { _id: string; kind: string };
  type Send = { _id: string; messageId: string; userId: string; result: unknown };
  const resolutions = new Map((await chatDb.collection<Resolution>('send_resolutions').find({}).toArray()).map((r) => [r._id, r.kind]));
  const sends = await chatDb.collection<Send>('sends').find({}).toArray();
  const unsettled = check('every send settled after the sweeper’s deadline');
  const pending = (await chatDb.collection('sends').countDocuments({ pending: true })) + (await chatDb.collection('pending_sends').countDocuments());
  if (pending > 0) unsettled.fail(`${pending} sends still pending`);
  for (const send of sends) if (send.result === null || send.result === undefined) unsettled.fail(`${send._id} has no result`);

  const free = check('no free message (a delivered reply was paid)');
  const lost = check('no lost debit (coins taken for a reply not delivered are given back)');
  for (const send of sends) {
    const kind = resolutions.get(send.messageId);
    const debit = byOp.get(`chat:${send.messageId}`);
    const refund = byOp.get(`refund:chat:${send.messageId}`);
    const taken = debit !== undefined && debit.amount < 0 && refund === undefined;
    if (kind === 'delivered' && !taken) free.fail(send.messageId);
    if (kind !== 'delivered' && taken) lost.fail(`${send.messageId} (${kind ?? 'no resolution'})`);
  }

  // Paid saves are journaled as sends are (chat README "Paying for text that reaches the model").
  const saves = await chatDb.collection<{ _id: string; pending?: true }>('paid_saves').find({}).toArray();
  const unsettledSaves = check('no paid save left unsettled, none kept coins for text not written');
  for (const save of saves) {
    if (save.pending) unsettledSaves.fail(`${save._id} still pending`);
    const debit = byOp.get(save._id);
    const taken = debit !== undefined && debit.amount < 0 && byOp.get(`refund:${save._id}`) === undefined;
    if (resolutions.get(save._id) !== 'delivered' && taken) unsettledSaves.fail(`${save._id} (${resolutions.get(save._id) ?? 'no resolution'})`);
  }

  const honest = check('no completed send reported as failed');
  const sendsByClientId = new Map(sends.map((s) => [s._id, s]));
  for (const op of ops) {
    if (op.ok || !op.clientMessageId) continue;
    const send = sendsByClientId.get(`${op.member.id}:${op.clientMessageId}`);
    if (send && resolutions.get(send.messageId) === 'delivered') honest.fail(`${op.kind} ${op.clientMessageId}: told "${op.failure}"`);
  }
  const streams = check(`no stream silent past ${STREAM_SILENCE_LIMIT_MS / 1000} s`);
  for (const op of ops) if ((op.maxSilenceMs ?? 0) > STREAM_SILENCE_LIMIT_MS) streams.fail(`${Math.round(op.maxSilenceMs!)} ms`);
  const hangs = check(`no call unanswered after ${CALL_LIMIT_MS / 1000} s`);
  for (const op of ops) if (op.failure === 'hang') hangs.fail(op.kind);

  return [chain, negative, doubles, payments, unsettled, free, lost, unsettledSaves, honest, streams, hangs].map((c) => c.inv);
}

function report(ops: Op[], faults: Fault[], checks: Invariant[], notices: string[]) {
  console.info(`\nload ${load()}\n\n| operation | done | failed | failures seen |\n| --- | ---: | ---: | --- |`);
  for (const kind of ['send', 'stream', 'checkin', 'promo', 'like', 'payment'] as Kind[]) {
    const of = ops.filter((op) => op.kind === kind);
    const failures = new Map<string, number>();
    for (const op of of) if (!op.ok) failures.set(op.failure ?? '?', (failures.get(op.failure ?? '?') ?? 0) + 1);
    const seen = [...failures].sort((a, b) => b[1] - a[1]).slice(0, 3).map(([f, n]) => `${f.slice(0, 60)} ×${n}`).join('; ');
    console.info(`| ${kind} | ${of.filter((op) => op.ok).length} | ${of.length - of.filter((op) => op.ok).length} | ${seen} |`);
  }
  const asked = ops.filter((op) => op.asked);
  console.info(`\nanswers lost and asked for by client id: ${asked.length} (${asked.filter((op) => op.ok).length} had been delivered)`);
  console.info('\n| fault | at (s) | first send succeeding after it (s) |\n| --- | ---: | ---: |');
  const start = ops.reduce((min, op) => Math.min(min, op.started), Infinity);
  for (const fault of faults) {
    const next = ops
      .filter((op) => (op.kind === 'send' || op.kind === 'stream') && op.ok && op.started >= fault.at)
      .reduce((min, op) => Math.min(min, op.ended), Infinity);
    const afterReturn = fault.back !== undefined && Number.isFinite(next) ? ` (${((next - fault.back) / 1000).toFixed(1)} after its return)` : '';
    const recovery = fault.skipped ? `not run: ${fault.skipped}` : Number.isFinite(next) ? `${((next - fault.at) / 1000).toFixed(1)}${afterReturn}` : 'none';
    console.info(`| ${fault.target === 'broker' ? 'RabbitMQ stopped 10 s' : `${fault.target} SIGKILL`} | ${((fault.at - start) / 1000).toFixed(0)} | ${recovery} |`);
  }
  console.info('\n| invariant | violations | examples |\n| --- | ---: | --- |');
  for (const c of checks) console.info(`| ${c.name} | ${c.violations} | ${c.examples.join('; ')} |`);
  const gaveUp = notices.filter((line) => line.includes('gave up'));
  if (gaveUp.length > 0) console.info(`\nthe runner gave up on: ${gaveUp.join(' / ')}`);
  const broken = checks.reduce((sum, c) => sum + c.violations, 0);
  console.info(`\n${broken === 0 ? 'chaos: every invariant held' : `chaos: ${broken} violations`}`);
  process.exitCode = broken === 0 ? 0 : 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
