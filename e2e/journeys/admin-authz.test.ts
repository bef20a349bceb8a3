import fs from 'node:fs/promises';
import path from 'node:path';
import { request, type APIRequestContext } from 'playwright-core';
import type { DailyCoinSetting, NewsItem, Profile, PromoCode, SpecialCheckinDay } from '@lakorn/contracts';
import { repoPaths } from '../../infra/src/paths';
import { baseUrl, E2E_SECOND_ADMIN, signInViaApi } from '../support';

// The admin authorization matrix: every admin endpoint (services/checkin and services/wallet READMEs) ×
// {signed out, member, admin, owner}, through the gateway of a real isolated stack. ARCHITECTURE
// §5: the server decides who acts; the admin role comes from ADMIN_EMAILS, and the payment switch
// and registration bonus belong to the owner alone (OWNER_EMAIL), whatever the client shows.
// A refused call must also leave the data as it was, so each refused write is checked afterwards.

type Role = 'signedOut' | 'member' | 'admin' | 'owner';
const ROLES: readonly Role[] = ['signedOut', 'member', 'admin', 'owner'];
const ROLE_TITLES: Record<Role, string> = { signedOut: 'signed out', member: 'member', admin: 'admin (not owner)', owner: 'owner' };

interface Actor {
  api: APIRequestContext;
  /** Who the body's userId names (spec §7 admin bodies send the uid); none when signed out. */
  uid?: string;
}

interface Call {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  body?: Record<string, unknown>;
}

interface Endpoint {
  /** Method and path as the READMEs list them. */
  name: string;
  expected: Record<Role, number>;
  /** The call one role makes (preparing what it needs, as the owner, first). */
  call: (role: Role, actor: Actor) => Promise<Call>;
  /** After a refused call: the data is as it was. */
  unchanged?: (role: Role) => Promise<void>;
}

/** Any admin (the owner is one too): 401 without a session, 403 for a member. */
const adminOnly = (status: number): Record<Role, number> => ({ signedOut: 401, member: 403, admin: status, owner: status });
const ADMIN_ONLY = adminOnly(200);
/** The owner alone (ARCHITECTURE §5): an admin who is not the owner is refused too. */
const OWNER_ONLY: Record<Role, number> = { signedOut: 401, member: 403, admin: 403, owner: 200 };

const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`.toUpperCase();
/** Far-future days of this run for special days (one per date), deleted again in afterAll. */
const yearOfRun = 2050 + Math.floor(Math.random() * 49);
let nextDay = 1;
const freshDate = () => `${yearOfRun}-0${1 + Math.floor(nextDay / 28)}-${String(1 + (nextDay++ % 28)).padStart(2, '0')}`;

describe('admin authorization matrix (every admin endpoint × signed out, member, admin, owner)', () => {
  const actors = {} as Record<Role, Actor>;
  const profiles = {} as Record<Exclude<Role, 'signedOut'>, Profile>;
  const matrix = new Map<string, Record<Role, number>>();
  const cleanup = { promos: new Set<string>() };

  const owner = () => actors.owner;
  async function send(actor: Actor, call: Call): Promise<{ status: number; json: unknown }> {
    const response = await actor.api.fetch(call.path, { method: call.method, data: call.body });
    const text = await response.text();
    let json: unknown = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = text;
    }
    return { status: response.status(), json };
  }
  async function ownerJson<T>(call: Call, expected: number): Promise<T> {
    const answer = await send(owner(), { ...call, body: call.body && { ...call.body, userId: owner().uid } });
    if (answer.status !== expected) throw new Error(`${call.method} ${call.path} as the owner answered ${answer.status}: ${JSON.stringify(answer.json)}`);
    return answer.json as T;
  }
  const withUid = (actor: Actor, body: Record<string, unknown> = {}) => (actor.uid ? { ...body, userId: actor.uid } : body);
  const uidQuery = (actor: Actor) => (actor.uid ? `?userId=${encodeURIComponent(actor.uid)}` : '');

  // Owner-made fixtures.
  const newPromo = async (tag: string) => {
    const promo = await ownerJson<PromoCode>({ method: 'POST', path: '/api/admin/promo-codes', body: { code: `AZ${run}${tag}`.slice(0, 20), coins: 5, type: 'limited', maxUses: 1 } }, 201);
    cleanup.promos.add(promo.id);
    return promo;
  };
  const promos = () => ownerJson<PromoCode[]>({ method: 'GET', path: `/api/admin/promo-codes?userId=${owner().uid}` }, 200);
  const newNews = async (tag: string) => {
    return ownerJson<NewsItem>({ method: 'POST', path: '/api/admin/news', body: { title: `authz ${run} ${tag}`, content: 'matrix fixture' } }, 201);
  };
  const newsList = () => ownerJson<NewsItem[]>({ method: 'GET', path: '/api/news' }, 200);
  const newDay = async () => {
    return ownerJson<SpecialCheckinDay>({ method: 'POST', path: '/api/admin/special-checkin-days', body: { date: freshDate(), coinAmount: 5 } }, 201);
  };
  const days = () => ownerJson<SpecialCheckinDay[]>({ method: 'GET', path: '/api/special-checkin-days' }, 200);
  const settings = () => ownerJson<DailyCoinSetting[]>({ method: 'GET', path: '/api/daily-coin-settings' }, 200);
  const bonus = () => ownerJson<{ coins: number }>({ method: 'GET', path: '/api/admin/registration-bonus' }, 200);
  const paymentSwitch = () => ownerJson<{ enabled: boolean }>({ method: 'GET', path: '/api/admin/payment-system' }, 200);

  /** What each refused attempt tried, to check it did not happen. */
  const attempted = new Map<string, string>();

  /**
   * An owner-only setting at `path`: the owner writes the value already set (the matrix must not
   * change the stack); everyone else tries `other`, and afterwards the setting still holds the
   * value read before (a value, never a missing one: undefined would equal undefined).
   */
  function ownerSetting<K extends string, V extends number | boolean>(path: string, read: () => Promise<Record<K, V>>, key: K, other: (value: V) => V): Endpoint {
    const before = new Map<Role, V>();
    return {
      name: `POST ${path}`,
      expected: OWNER_ONLY,
      call: async (role, actor) => {
        const value = (await read())[key];
        before.set(role, value);
        return { method: 'POST', path, body: withUid(actor, { [key]: role === 'owner' ? value : other(value) }) };
      },
      unchanged: async (role) => {
        const value = before.get(role);
        expect(['number', 'boolean']).toContain(typeof value);
        expect((await read())[key]).toBe(value);
      },
    };
  }

  const endpoints: Endpoint[] = [
    {
      name: 'GET /api/admin/promo-codes',
      expected: ADMIN_ONLY,
      call: async (_role, actor) => ({ method: 'GET', path: `/api/admin/promo-codes${uidQuery(actor)}` }),
    },
    {
      name: 'POST /api/admin/promo-codes',
      expected: adminOnly(201),
      call: async (role, actor) => {
        const code = `AZ${run}N${role.slice(0, 2).toUpperCase()}`.slice(0, 20);
        attempted.set(`promo:${role}`, code);
        return { method: 'POST', path: '/api/admin/promo-codes', body: withUid(actor, { code, coins: 5, type: 'unlimited' }) };
      },
      unchanged: async (role) => {
        expect((await promos()).map((p) => p.code)).not.toContain(attempted.get(`promo:${role}`));
      },
    },
    {
      name: 'PUT /api/admin/promo-codes/{id}',
      expected: ADMIN_ONLY,
      call: async (role, actor) => {
        const promo = await newPromo(`P${role.slice(0, 2).toUpperCase()}`);
        attempted.set(`put:${role}`, promo.id);
        return { method: 'PUT', path: `/api/admin/promo-codes/${promo.id}`, body: withUid(actor, { isActive: false }) };
      },
      unchanged: async (role) => {
        expect((await promos()).find((p) => p.id === attempted.get(`put:${role}`))?.isActive).toBe(true);
      },
    },
    {
      name: 'DELETE /api/admin/promo-codes/{id}',
      expected: adminOnly(204),
      call: async (role, actor) => {
        const promo = await newPromo(`D${role.slice(0, 2).toUpperCase()}`);
        attempted.set(`delete-promo:${role}`, promo.id);
        return { method: 'DELETE', path: `/api/admin/promo-codes/${promo.id}${uidQuery(actor)}` };
      },
      unchanged: async (role) => {
        expect((await promos()).map((p) => p.id)).toContain(attempted.get(`delete-promo:${role}`));
      },
    },
    {
      name: 'GET /api/admin/registration-bonus',
      expected: ADMIN_ONLY,
      call: async () => ({ method: 'GET', path: '/api/admin/registration-bonus' }),
    },
    ownerSetting('/api/admin/registration-bonus', bonus, 'coins', (coins) => coins + 1234),
    {
      name: 'GET /api/admin/payment-system',
      expected: ADMIN_ONLY,
      call: async () => ({ method: 'GET', path: '/api/admin/payment-system' }),
    },
    ownerSetting('/api/admin/payment-system', paymentSwitch, 'enabled', (enabled) => !enabled),
    {
      name: 'POST /api/admin/news',
      expected: adminOnly(201),
      call: async (role, actor) => {
        const title = `authz ${run} new ${role}`;
        attempted.set(`news:${role}`, title);
        return { method: 'POST', path: '/api/admin/news', body: withUid(actor, { title, content: 'matrix attempt', type: 'update' }) };
      },
      unchanged: async (role) => {
        expect((await newsList()).map((n) => n.title)).not.toContain(attempted.get(`news:${role}`));
      },
    },
    {
      name: 'DELETE /api/admin/news/{id}',
      expected: adminOnly(204),
      call: async (role, actor) => {
        const item = await newNews(`delete ${role}`);
        attempted.set(`delete-news:${role}`, item.id);
        return { method: 'DELETE', path: `/api/admin/news/${item.id}`, body: withUid(actor) };
      },
      unchanged: async (role) => {
        expect((await newsList()).map((n) => n.id)).toContain(attempted.get(`delete-news:${role}`));
      },
    },
    {
      name: 'POST /api/admin/special-checkin-days',
      expected: adminOnly(201),
      call: async (role, actor) => {
        const date = freshDate();
        attempted.set(`day:${role}`, date);
        return { method: 'POST', path: '/api/admin/special-checkin-days', body: withUid(actor, { date, coinAmount: 5, description: 'matrix attempt' }) };
      },
      unchanged: async (role) => {
        expect((await days()).map((d) => d.date)).not.toContain(attempted.get(`day:${role}`));
      },
    },
    {
      name: 'DELETE /api/admin/special-checkin-days/{id}',
      expected: adminOnly(204),
      call: async (role, actor) => {
        const day = await newDay();
        attempted.set(`delete-day:${role}`, day.id);
        return { method: 'DELETE', path: `/api/admin/special-checkin-days/${day.id}`, body: withUid(actor) };
      },
      unchanged: async (role) => {
        expect((await days()).map((d) => d.id)).toContain(attempted.get(`delete-day:${role}`));
      },
    },
    {
      name: 'POST /api/admin/daily-coin-settings',
      expected: ADMIN_ONLY,
      call: async (role, actor) => {
        const wednesday = (await settings()).find((s) => s.dayOfWeek === 3)!;
        attempted.set(`daily:${role}`, String(wednesday.coinAmount));
        // Admins write the amount already set; the others try another.
        const coinAmount = role === 'admin' || role === 'owner' ? wednesday.coinAmount : wednesday.coinAmount + 77;
        return { method: 'POST', path: '/api/admin/daily-coin-settings', body: withUid(actor, { dayOfWeek: 3, coinAmount }) };
      },
      unchanged: async (role) => {
        expect(String((await settings()).find((s) => s.dayOfWeek === 3)?.coinAmount)).toBe(attempted.get(`daily:${role}`));
      },
    },
  ];

  beforeAll(async () => {
    const url = baseUrl();
    actors.signedOut = { api: await request.newContext({ baseURL: url }) };
    const people: Array<[Exclude<Role, 'signedOut'>, string, string]> = [
      ['member', `authz-member-${run.toLowerCase()}@example.test`, 'สมาชิก'],
      ['admin', E2E_SECOND_ADMIN, 'Moderator'],
      ['owner', 'admin@lakorn.local', 'Admin'],
    ];
    for (const [role, email, name] of people) {
      const api = await request.newContext({ baseURL: url });
      profiles[role] = await signInViaApi({ request: api }, url, email, name);
      actors[role] = { api, uid: profiles[role].uid };
    }
    // The matrix means something only if the roles are what they claim to be.
    expect({ isAdmin: profiles.member.isAdmin, isOwner: profiles.member.isOwner }).toEqual({ isAdmin: false, isOwner: false });
    if (!profiles.admin.isAdmin) throw new Error(`${E2E_SECOND_ADMIN} is not an admin: the stack's ADMIN_EMAILS must list it (e2e/globalSetup.ts adds it).`);
    expect({ isAdmin: profiles.admin.isAdmin, isOwner: profiles.admin.isOwner }).toEqual({ isAdmin: true, isOwner: false });
    expect({ isAdmin: profiles.owner.isAdmin, isOwner: profiles.owner.isOwner }).toEqual({ isAdmin: true, isOwner: true });
  });

  afterAll(async () => {
    // Leave the stack as it was: what the matrix created goes again.
    if (actors.owner) {
      const all = await promos().catch(() => [] as PromoCode[]);
      for (const promo of all.filter((p) => p.code.startsWith(`AZ${run}`.slice(0, 20)) || cleanup.promos.has(p.id))) {
        await send(owner(), { method: 'DELETE', path: `/api/admin/promo-codes/${promo.id}?userId=${owner().uid}` });
      }
      for (const item of (await newsList().catch(() => [] as NewsItem[])).filter((n) => n.title.startsWith(`authz ${run}`))) {
        await send(owner(), { method: 'DELETE', path: `/api/admin/news/${item.id}`, body: { userId: owner().uid } });
      }
      for (const day of (await days().catch(() => [] as SpecialCheckinDay[])).filter((d) => d.date.startsWith(`${yearOfRun}-`))) {
        await send(owner(), { method: 'DELETE', path: `/api/admin/special-checkin-days/${day.id}`, body: { userId: owner().uid } });
      }
    }
    const lines = [
      `| Endpoint | ${ROLES.map((r) => ROLE_TITLES[r]).join(' | ')} |`,
      `| --- | ${ROLES.map(() => '---').join(' | ')} |`,
      ...[...matrix].map(([name, row]) => `| \`${name}\` | ${ROLES.map((r) => row[r]).join(' | ')} |`),
    ];
    const { artifacts } = repoPaths();
    await fs.mkdir(artifacts, { recursive: true });
    await fs.writeFile(path.join(artifacts, 'admin-authz.md'), `${lines.join('\n')}\n`);
    for (const actor of Object.values(actors)) await actor.api.dispose();
  });

  it.each(endpoints.map((e) => [e.name, e] as const))('%s', async (_name, endpoint) => {
    const row = {} as Record<Role, number>;
    for (const role of ROLES) {
      const actor = actors[role];
      const call = await endpoint.call(role, actor);
      const answer = await send(actor, call);
      row[role] = answer.status;
      if (answer.status >= 400 && endpoint.unchanged) await endpoint.unchanged(role);
    }
    matrix.set(endpoint.name, row);
    expect(row).toEqual(endpoint.expected);
  });
});
