import type { Profile } from '@lakorn/contracts';
import { baseUrl, E2E_PORTS_VARIABLE } from '../support';

// Sessions that end (service-kit README "Sessions"): after logout, "sign out everywhere" and
// account deletion the old token is refused at the gateway and at every service's own port.
// HTTP only. Each service hears identity.sessions.ended, so the refusal is expected well before
// the reload period (SESSION_ENDS_REFRESH_MS, 20 s) that bounds it at 60 s.

const EVENT_PATH_MS = 5_000;

type Where = 'gateway' | 'identity' | 'catalog' | 'chat' | 'wallet' | 'checkin';

function ports(): Record<Where, number> {
  const raw = process.env[E2E_PORTS_VARIABLE];
  if (!raw) throw new Error(`${E2E_PORTS_VARIABLE} is not set: the journeys' global setup starts the stack and sets it`);
  return JSON.parse(raw) as Record<Where, number>;
}

async function signIn(email: string, name: string): Promise<{ cookie: string; profile: Profile }> {
  const token = await fetch(`${baseUrl()}/api/auth/dev/token`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email, name }) });
  const { credential } = (await token.json()) as { credential: string };
  const verify = await fetch(`${baseUrl()}/api/auth/verify`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ credential }) });
  expect(verify.status).toBe(200);
  const cookie = (verify.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  return { cookie, profile: (await verify.json()) as Profile };
}

/** One call that needs a session at the gateway and at each service reached directly. */
function probes(profile: Profile): Record<Where, string> {
  const p = ports();
  const direct = (port: number) => `http://127.0.0.1:${port}`;
  return {
    gateway: `${baseUrl()}/api/coins/transactions/${profile.id}`,
    identity: `${direct(p.identity)}/api/auth/session`,
    catalog: `${direct(p.catalog)}/api/characters/user/${profile.id}`,
    chat: `${direct(p.chat)}/api/chats/user/${profile.id}`,
    wallet: `${direct(p.wallet)}/api/coins/transactions/${profile.id}`,
    checkin: `${direct(p.checkin)}/api/checkin/calendar`,
  };
}

async function statuses(cookie: string, profile: Profile): Promise<Record<Where, number>> {
  const entries = await Promise.all(
    Object.entries(probes(profile)).map(async ([where, url]) => [where, (await fetch(url, { headers: { Cookie: cookie } })).status] as const),
  );
  return Object.fromEntries(entries) as Record<Where, number>;
}

/** Polls until every place answers 401, up to `withinMs`; answers the last statuses and how long it took. */
async function refusedEverywhere(cookie: string, profile: Profile, withinMs: number): Promise<{ seen: Record<Where, number>; ms: number }> {
  const started = Date.now();
  let seen = await statuses(cookie, profile);
  while (Object.values(seen).some((s) => s !== 401) && Date.now() - started < withinMs) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    seen = await statuses(cookie, profile);
  }
  return { seen, ms: Date.now() - started };
}

const ALL_REFUSED: Record<Where, number> = { gateway: 401, identity: 401, catalog: 401, chat: 401, wallet: 401, checkin: 401 };
const ALL_ACCEPTED: Record<Where, number> = { gateway: 200, identity: 200, catalog: 200, chat: 200, wallet: 200, checkin: 200 };

describe('sessions that end, at the gateway and at every service\'s own port', () => {
  test('after logout the old token is refused everywhere at once (the event path), the member\'s other device is not', async () => {
    const phone = await signIn('end-logout@example.test', 'Logout');
    const laptop = await signIn('end-logout@example.test', 'Logout');
    expect(await statuses(phone.cookie, phone.profile)).toEqual(ALL_ACCEPTED);

    expect((await fetch(`${baseUrl()}/api/auth/logout`, { method: 'POST', headers: { Cookie: phone.cookie } })).status).toBe(204);
    const { seen } = await refusedEverywhere(phone.cookie, phone.profile, EVENT_PATH_MS);
    expect(seen).toEqual(ALL_REFUSED);
    expect(await statuses(laptop.cookie, laptop.profile)).toEqual(ALL_ACCEPTED);
  });

  test('"sign out everywhere" refuses every token of the member everywhere', async () => {
    const a = await signIn('end-everywhere@example.test', 'Everywhere');
    const b = await signIn('end-everywhere@example.test', 'Everywhere');
    expect((await fetch(`${baseUrl()}/api/auth/logout-everywhere`, { method: 'POST', headers: { Cookie: a.cookie } })).status).toBe(204);
    expect((await refusedEverywhere(b.cookie, b.profile, EVENT_PATH_MS)).seen).toEqual(ALL_REFUSED);
    const answer = await fetch(probes(b.profile).wallet, { headers: { Cookie: b.cookie } });
    expect(await answer.json()).toEqual({ message: 'เซสชันหมดอายุ กรุณาเข้าสู่ระบบอีกครั้ง', code: 'SESSION_ENDED' });
  });

  test('after account deletion the old token is refused everywhere', async () => {
    const member = await signIn('end-deleted@example.test', 'Deleted');
    expect((await fetch(`${baseUrl()}/api/users/me`, { method: 'DELETE', headers: { Cookie: member.cookie } })).status).toBe(204);
    expect((await refusedEverywhere(member.cookie, member.profile, EVENT_PATH_MS)).seen).toEqual(ALL_REFUSED);
  });
});
