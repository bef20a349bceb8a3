// The whole system as `npm start` runs it (the five services and the gateway as separate
// processes, FerretDB and RabbitMQ), isolated on free ports with its own databases and bus
// namespace, for the benchmarks that measure requests end to end (bench/gateway, bench/sends).
import { execFileSync } from 'node:child_process';
import { loadavg, cpus } from 'node:os';
import { startStack, type Stack } from '../../infra/src/stack';

/** Limits high enough that a benchmark's own load is never answered 429. */
const NO_RATE_LIMITS = {
  RATE_LIMIT_IP_PER_MINUTE: '1000000000',
  RATE_LIMIT_USER_PER_MINUTE: '1000000000',
  RATE_LIMIT_AUTH_PER_MINUTE: '1000000000',
};

export interface BenchStack {
  stack: Stack;
  /** The gateway's address, e.g. http://localhost:41234. */
  url: string;
  /** Output lines the processes wrote (kept small: only the last ones). */
  tail: string[];
}

/**
 * Starts an isolated stack at the default log level (the runner reads every log line, as `npm
 * start` does), without the front-end builds. `chatEnv` adds variables for chat alone.
 */
export async function startBenchStack(options: { chatEnv?: Record<string, string> } = {}): Promise<BenchStack> {
  const tail: string[] = [];
  const stack = await startStack({
    isolated: true,
    buildWeb: false,
    overrides: { NODE_ENV: 'development', ...NO_RATE_LIMITS },
    processEnv: { chat: options.chatEnv ?? {} },
    sink: (lines) => {
      tail.push(...lines);
      if (tail.length > 200) tail.splice(0, tail.length - 200);
    },
  });
  return { stack, url: stack.url, tail };
}

export interface Member {
  email: string;
  token: string;
  id: string;
}

async function json<T>(response: Response, what: string): Promise<T> {
  const text = await response.text();
  if (!response.ok) throw new Error(`${what}: ${response.status} ${text.slice(0, 300)}`);
  return JSON.parse(text) as T;
}

/** Signs in through the development identity provider and answers the session token. */
export async function signIn(url: string, email: string, name = email.split('@')[0] ?? 'bench'): Promise<Member> {
  const { credential } = await json<{ credential: string }>(
    await fetch(`${url}/api/auth/dev/token`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, name }) }),
    'dev token',
  );
  const verified = await fetch(`${url}/api/auth/verify`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ credential }),
  });
  const profile = await json<{ id?: string; user?: { id: string } }>(verified, 'verify');
  const cookie = verified.headers.getSetCookie().find((c) => c.startsWith('lakorn_session='));
  if (!cookie) throw new Error('verify: no session cookie');
  const token = decodeURIComponent(cookie.slice('lakorn_session='.length).split(';')[0] ?? '');
  return { email, token, id: profile.user?.id ?? profile.id ?? '' };
}

/** A JSON call with the member's session; throws on a non-2xx answer. */
export async function call<T>(url: string, member: Member, method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${url}${path}`, {
    method,
    headers: { authorization: `Bearer ${member.token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return json<T>(response, `${method} ${path}`);
}

/** Creates a public character owned by `member` and answers its id. */
export async function createCharacter(url: string, member: Member, name: string): Promise<string> {
  const character = await call<{ id: string }>(url, member, 'POST', '/api/characters', {
    name,
    gender: 'female',
    genre: 'daily',
    personality: 'ใจดี ชอบฟังเรื่องราวของทุกคน และตอบอย่างอบอุ่นเสมอ',
    firstMessage: 'สวัสดีค่ะ วันนี้เป็นอย่างไรบ้าง',
    isPublic: true,
    description: 'เพื่อนคุยยามว่าง',
  });
  return character.id;
}

/** Where and when a figure was measured: the README records this with every run. */
export function machine(): string {
  const node = process.version;
  const cores = cpus().length;
  let kernel = '';
  try {
    kernel = execFileSync('uname', ['-r'], { encoding: 'utf8' }).trim();
  } catch {
    kernel = 'unknown kernel';
  }
  return `${new Date().toISOString()} · Node ${node} · ${cores} cores · Linux ${kernel}`;
}

/** The 1, 5 and 15 minute load averages, as the README reports them beside each run. */
export function load(): string {
  return loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
}

export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}
