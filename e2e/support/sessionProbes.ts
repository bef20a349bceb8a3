import type { Profile } from '@lakorn/contracts';

// Where a member's session is checked (service-kit README "Sessions"): the gateway and every
// service reached directly on its own port. Shared by the sessions journey and the runner's test
// of an admin removed from ADMIN_EMAILS (infra/test/adminRemoval.test.ts).

export type SessionCheckpoint = 'gateway' | 'identity' | 'catalog' | 'chat' | 'wallet' | 'checkin';
export type CheckpointPorts = Record<Exclude<SessionCheckpoint, 'gateway'>, number>;

export const ALL_REFUSED: Record<SessionCheckpoint, number> = { gateway: 401, identity: 401, catalog: 401, chat: 401, wallet: 401, checkin: 401 };
export const ALL_ACCEPTED: Record<SessionCheckpoint, number> = { gateway: 200, identity: 200, catalog: 200, chat: 200, wallet: 200, checkin: 200 };

/** Signs in through the development provider (NODE_ENV=development); answers the session cookie and profile. */
export async function signInByDevToken(gatewayUrl: string, email: string, name: string): Promise<{ cookie: string; profile: Profile }> {
  const token = await fetch(`${gatewayUrl}/api/auth/dev/token`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email, name }) });
  const { credential } = (await token.json()) as { credential: string };
  const verify = await fetch(`${gatewayUrl}/api/auth/verify`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ credential }) });
  if (verify.status !== 200) throw new Error(`sign-in of ${email} answered ${verify.status}`);
  const cookie = (verify.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  return { cookie, profile: (await verify.json()) as Profile };
}

/** One call that needs a session at the gateway and at each service reached directly. */
export function sessionProbes(gatewayUrl: string, ports: CheckpointPorts, profile: Profile): Record<SessionCheckpoint, string> {
  const direct = (port: number) => `http://127.0.0.1:${port}`;
  return {
    gateway: `${gatewayUrl}/api/coins/transactions/${profile.id}`,
    identity: `${direct(ports.identity)}/api/auth/session`,
    catalog: `${direct(ports.catalog)}/api/characters/user/${profile.id}`,
    chat: `${direct(ports.chat)}/api/chats/user/${profile.id}`,
    wallet: `${direct(ports.wallet)}/api/coins/transactions/${profile.id}`,
    checkin: `${direct(ports.checkin)}/api/checkin/calendar`,
  };
}

export async function sessionStatuses(gatewayUrl: string, ports: CheckpointPorts, cookie: string, profile: Profile): Promise<Record<SessionCheckpoint, number>> {
  const entries = await Promise.all(
    Object.entries(sessionProbes(gatewayUrl, ports, profile)).map(async ([where, url]) => [where, (await fetch(url, { headers: { Cookie: cookie } })).status] as const),
  );
  return Object.fromEntries(entries) as Record<SessionCheckpoint, number>;
}

/** Polls until every checkpoint answers 401, up to `withinMs`; answers the last statuses and how long it took. */
export async function refusedEverywhere(
  gatewayUrl: string,
  ports: CheckpointPorts,
  cookie: string,
  profile: Profile,
  withinMs: number,
): Promise<{ seen: Record<SessionCheckpoint, number>; ms: number }> {
  const started = Date.now();
  let seen = await sessionStatuses(gatewayUrl, ports, cookie, profile);
  while (Object.values(seen).some((s) => s !== 401) && Date.now() - started < withinMs) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    seen = await sessionStatuses(gatewayUrl, ports, cookie, profile);
  }
  return { seen, ms: Date.now() - started };
}
