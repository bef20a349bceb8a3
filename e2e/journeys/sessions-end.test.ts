import type { Profile } from '@lakorn/contracts';
import { baseUrl, E2E_PORTS_VARIABLE } from '../support';
import {
  ALL_ACCEPTED,
  ALL_REFUSED,
  refusedEverywhere as refusedAt,
  sessionProbes,
  sessionStatuses,
  signInByDevToken,
  type CheckpointPorts,
} from '../support/sessionProbes';

// Sessions that end (service-kit README "Sessions"): after logout, "sign out everywhere" and
// account deletion the old token is refused at the gateway and at every service's own port.
// HTTP only. Each service hears identity.sessions.ended, so the refusal is expected well before
// the reload period (SESSION_ENDS_REFRESH_MS, 20 s) that bounds it at 60 s.

const EVENT_PATH_MS = 5_000;

function ports(): CheckpointPorts {
  const raw = process.env[E2E_PORTS_VARIABLE];
  if (!raw) throw new Error(`${E2E_PORTS_VARIABLE} is not set: the journeys' global setup starts the stack and sets it`);
  return JSON.parse(raw) as CheckpointPorts;
}

const signIn = (email: string, name: string) => signInByDevToken(baseUrl(), email, name);
const probes = (profile: Profile) => sessionProbes(baseUrl(), ports(), profile);
const statuses = (cookie: string, profile: Profile) => sessionStatuses(baseUrl(), ports(), cookie, profile);
const refusedEverywhere = (cookie: string, profile: Profile, withinMs: number) => refusedAt(baseUrl(), ports(), cookie, profile, withinMs);

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
