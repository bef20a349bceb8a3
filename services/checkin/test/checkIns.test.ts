import request from 'supertest';
import { ALREADY_CHECKED_IN_MESSAGE, CHECKIN_CREDIT_DESCRIPTION, ERROR_CODES, type CalendarResponse } from '@lakorn/contracts';
import { silentLogger } from '@lakorn/service-kit';
import { TEST_AMQP_URL, brokerProxy, sessionCookie, testActor, testBus, testNamespace, waitUntil } from '@lakorn/service-kit/testing';
import { registerConsumers } from '../src/events/consumers';
import { sleep, startCheckinStack, useCheckinStack } from './support/harness';

// The server's own zone must not matter (check-in days are Bangkok days): run in a zone where 16:59:59Z and 17:00:00Z
// are the same local day, so only a Bangkok-day computation can tell them apart.
process.env.TZ = 'America/Los_Angeles';

jest.setTimeout(60_000);

const stack = useCheckinStack('checkin_checkins');
const admin = testActor({ isAdmin: true });

function checkIn(actor = testActor(), body: Record<string, unknown> = {}) {
  return request(stack.app).post('/api/checkin').set('Cookie', sessionCookie(actor)).send(body);
}

async function calendar(actor: ReturnType<typeof testActor>, query = '') {
  const res = await request(stack.app).get(`/api/checkin/calendar${query}`).set('Cookie', sessionCookie(actor));
  return res;
}

/** Lets the relay run many more rounds, so a duplicate publish would have arrived. */
async function settle() {
  await stack.outbox.flush();
  await sleep(600);
}

test('a check-in answers the day\'s coins and asks the wallet for exactly one credit with opId checkin:<profileId>:<day>', async () => {
  stack.setNow('2025-01-08T05:00:00Z'); // Wednesday noon in Bangkok: a weekday, 20 coins (spec §9)
  const user = testActor();
  const res = await checkIn(user, { userId: user.uid });
  expect(res.status).toBe(201);
  expect(res.body).toEqual({ checkin: { coinsReceived: 20, date: '2025-01-08', special: false } });

  const opId = `checkin:${user.id}:2025-01-08`;
  await waitUntil(() => stack.creditsFor(opId).length > 0, 10_000, 'the credit request');
  await settle();
  expect(stack.creditsFor(opId)).toEqual([{ opId, userId: user.id, amount: 20, description: CHECKIN_CREDIT_DESCRIPTION }]);
});

test('refuses a second check-in on the same Bangkok day with "Already checked in today" and asks for no second credit', async () => {
  stack.setNow('2025-01-09T01:00:00Z');
  const user = testActor();
  expect((await checkIn(user)).status).toBe(201);
  stack.setNow('2025-01-09T16:00:00Z'); // 23:00 in Bangkok, still the same day
  const again = await checkIn(user);
  expect(again.status).toBe(409);
  expect(again.body).toEqual({ message: ALREADY_CHECKED_IN_MESSAGE, code: ERROR_CODES.alreadyCheckedIn });

  const opId = `checkin:${user.id}:2025-01-09`;
  await waitUntil(() => stack.creditsFor(opId).length > 0, 10_000, 'the credit request');
  await settle();
  expect(stack.creditsFor(opId)).toHaveLength(1);
});

test('50 parallel check-ins by one user on one day: one succeeds, 49 are refused, one credit is requested', async () => {
  stack.setNow('2025-01-10T03:00:00Z');
  const user = testActor();
  const answers = await Promise.all(Array.from({ length: 50 }, () => checkIn(user)));
  const statuses = answers.map((r) => r.status);
  expect(statuses.filter((s) => s === 201)).toHaveLength(1);
  expect(statuses.filter((s) => s === 409)).toHaveLength(49);

  const opId = `checkin:${user.id}:2025-01-10`;
  await waitUntil(() => stack.creditsFor(opId).length > 0, 10_000, 'the credit request');
  await settle();
  expect(stack.creditsFor(opId)).toHaveLength(1);
  const month = await calendar(user, '?year=2025&month=1');
  expect(month.body.calendar.filter((d: { checkedIn: boolean }) => d.checkedIn).map((d: { date: string }) => d.date)).toEqual(['2025-01-10']);
});

test('16:59:59Z and 17:00:00Z fall on different Bangkok days: both check-ins count, each with its own day\'s amount', async () => {
  const user = testActor();
  stack.setNow('2025-01-03T16:59:59Z'); // Friday 23:59:59 in Bangkok → 20 coins
  const friday = await checkIn(user);
  stack.setNow('2025-01-03T17:00:00Z'); // Saturday 00:00:00 in Bangkok → 30 coins
  const saturday = await checkIn(user);
  expect(friday.status).toBe(201);
  expect(saturday.status).toBe(201);
  expect(friday.body.checkin).toEqual({ coinsReceived: 20, date: '2025-01-03', special: false });
  expect(saturday.body.checkin).toEqual({ coinsReceived: 30, date: '2025-01-04', special: false });

  // The calendar agrees, and "today" is the server's Bangkok day.
  const month = (await calendar(user)).body as CalendarResponse;
  expect(month.today).toEqual({ date: '2025-01-04', dayNumber: 4, coins: 30, checkedIn: true, special: false });
  expect(month.calendar.filter((d) => d.checkedIn).map((d) => d.date)).toEqual(['2025-01-03', '2025-01-04']);
  await waitUntil(() => stack.creditsFor(`checkin:${user.id}:2025-01-04`).length > 0, 10_000, 'Saturday\'s credit');
  expect(stack.creditsFor(`checkin:${user.id}:2025-01-03`)).toHaveLength(1);
});

test('a special day overrides the weekday amount in the check-in, its credit and the calendar', async () => {
  const created = await request(stack.app)
    .post('/api/admin/special-checkin-days')
    .set('Cookie', sessionCookie(admin))
    .send({ date: '2025-01-15', coinAmount: 150, description: 'วันครู' });
  expect(created.status).toBe(201);

  const user = testActor();
  stack.setNow('2025-01-15T02:00:00Z'); // a Wednesday (20 on its own)
  const before = (await calendar(user)).body as CalendarResponse;
  expect(before.today).toEqual({ date: '2025-01-15', dayNumber: 15, coins: 150, checkedIn: false, special: true });

  const res = await checkIn(user);
  expect(res.body.checkin).toEqual({ coinsReceived: 150, date: '2025-01-15', special: true });
  const opId = `checkin:${user.id}:2025-01-15`;
  await waitUntil(() => stack.creditsFor(opId).length > 0, 10_000, 'the credit request');
  expect(stack.creditsFor(opId)[0]?.amount).toBe(150);
});

test('a check-in made while the broker is unreachable is answered at once and credited once after the broker returns', async () => {
  const proxy = await brokerProxy(TEST_AMQP_URL);
  // A second instance of the service whose only way to the broker is the proxy we cut.
  const cutOff = await startCheckinStack('checkin_brokerdown', { busUrl: proxy.url });
  try {
    await cutOff.bus.ready();
    proxy.cut();
    await waitUntil(() => !cutOff.bus.isConnected(), 10_000, 'the service to notice the outage');

    cutOff.setNow('2025-02-01T05:00:00Z'); // Saturday: 30 coins
    const user = testActor();
    const started = Date.now();
    const res = await request(cutOff.app).post('/api/checkin').set('Cookie', sessionCookie(user)).send({ userId: user.uid });
    expect(res.status).toBe(201);
    expect(Date.now() - started).toBeLessThan(2_000); // the user does not wait for the broker
    expect(res.body.checkin.coinsReceived).toBe(30);

    const opId = `checkin:${user.id}:2025-02-01`;
    await sleep(1_000);
    expect(cutOff.creditsFor(opId)).toHaveLength(0); // nothing could be sent

    proxy.restore();
    await waitUntil(() => cutOff.creditsFor(opId).length > 0, 30_000, 'the credit after the broker returned');
    await cutOff.outbox.flush();
    await sleep(1_000);
    expect(cutOff.creditsFor(opId)).toEqual([{ opId, userId: user.id, amount: 30, description: CHECKIN_CREDIT_DESCRIPTION }]);
  } finally {
    await cutOff.close();
    await proxy.close();
  }
});

test('accepts the uid or the profile id as the body userId, always credits the profile id, and refuses anyone else', async () => {
  stack.setNow('2025-01-20T05:00:00Z');
  const byUid = testActor();
  const byId = testActor();
  const other = testActor();
  expect((await checkIn(byUid, { userId: byUid.uid })).status).toBe(201);
  expect((await checkIn(byId, { userId: byId.id })).status).toBe(201);
  const impostor = await checkIn(testActor(), { userId: other.uid });
  expect(impostor.status).toBe(403);

  await waitUntil(() => stack.creditsFor(`checkin:${byId.id}:2025-01-20`).length > 0, 10_000, 'the credits');
  expect(stack.creditsFor(`checkin:${byUid.id}:2025-01-20`)[0]?.userId).toBe(byUid.id);
  expect(stack.credits.some((c) => c.payload.userId === byUid.uid)).toBe(false);
});

test('check-ins and the calendar need a session', async () => {
  expect((await request(stack.app).post('/api/checkin').send({})).status).toBe(401);
  expect((await request(stack.app).get('/api/checkin/calendar')).status).toBe(401);
});

describe('the monthly calendar', () => {
  test('lists every day of the month with its amount, check-ins, special days, lastCheckIn and today', async () => {
    const user = testActor();
    stack.setNow('2024-02-10T05:00:00Z'); // Saturday
    await checkIn(user);
    stack.setNow('2024-02-12T05:00:00Z'); // Monday: "today"

    const res = await calendar(user, '?year=2024&month=2');
    expect(res.status).toBe(200);
    const body = res.body as CalendarResponse;
    expect(body.year).toBe(2024);
    expect(body.month).toBe(2);
    expect(body.calendar).toHaveLength(29); // leap year
    expect(body.calendar[0]).toEqual({ date: '2024-02-01', dayNumber: 1, coins: 20, checkedIn: false, special: false }); // Thursday
    expect(body.calendar[3]).toEqual({ date: '2024-02-04', dayNumber: 4, coins: 30, checkedIn: false, special: false }); // Sunday
    expect(body.calendar[9]).toEqual({ date: '2024-02-10', dayNumber: 10, coins: 30, checkedIn: true, special: false });
    expect(body.lastCheckIn).toEqual({ date: '2024-02-10', coinsReceived: 30, checkedInAt: expect.any(String) });
    expect(body.today).toEqual({ date: '2024-02-12', dayNumber: 12, coins: 20, checkedIn: false, special: false });
  });

  test('answers today even for another month, and today\'s month without year and month', async () => {
    const user = testActor();
    stack.setNow('2024-03-31T18:00:00Z'); // already 1 April 01:00 in Bangkok
    const other = (await calendar(user, '?year=2023&month=12')).body as CalendarResponse;
    expect(other.calendar).toHaveLength(31);
    expect(other.calendar[0]?.date).toBe('2023-12-01');
    expect(other.today.date).toBe('2024-04-01');
    expect(other.lastCheckIn).toBeNull();

    const current = (await calendar(user)).body as CalendarResponse;
    expect([current.year, current.month]).toEqual([2024, 4]);
    expect(current.calendar).toHaveLength(30);
  });

  test('a day already checked in keeps the amount it gave after the setting changes', async () => {
    const user = testActor();
    stack.setNow('2025-03-03T05:00:00Z'); // Monday
    await checkIn(user);
    const changed = await request(stack.app)
      .post('/api/admin/daily-coin-settings')
      .set('Cookie', sessionCookie(admin))
      .send({ dayOfWeek: 1, coinAmount: 45 });
    expect(changed.status).toBe(200);
    try {
      const body = (await calendar(user, '?year=2025&month=3')).body as CalendarResponse;
      expect(body.calendar[2]).toMatchObject({ date: '2025-03-03', coins: 20, checkedIn: true });
      expect(body.calendar[9]).toMatchObject({ date: '2025-03-10', coins: 45, checkedIn: false });

      // and the next Monday's check-in gives the new amount
      stack.setNow('2025-03-10T05:00:00Z');
      expect((await checkIn(user)).body.checkin.coinsReceived).toBe(45);
    } finally {
      await request(stack.app).post('/api/admin/daily-coin-settings').set('Cookie', sessionCookie(admin)).send({ dayOfWeek: 1, coinAmount: 20 });
    }
  });

  test('refuses another user\'s calendar and malformed months', async () => {
    const user = testActor();
    expect((await calendar(user, `?userId=${encodeURIComponent(user.uid)}`)).status).toBe(200);
    expect((await calendar(user, `?userId=${encodeURIComponent(user.id)}&year=2025&month=1`)).status).toBe(200);
    expect((await calendar(user, '?userId=someone-else')).status).toBe(403);
    expect((await calendar(user, '?year=2025&month=13')).status).toBe(400);
    expect((await calendar(user, '?year=2025')).status).toBe(400);
    expect((await calendar(user, '?year=abc&month=1')).status).toBe(400);
    expect((await calendar(user, '?year[$gt]=0&month=1')).status).toBe(400);
  });
});

test('identity.user.deleted removes the user\'s check-ins', async () => {
  const user = testActor();
  stack.setNow('2025-04-01T05:00:00Z');
  await checkIn(user);
  // The service's consumer, on a bus of its own, receives the event as identity publishes it.
  const namespace = testNamespace();
  const checkinSide = testBus('checkin', { namespace });
  const identity = testBus('identity', { namespace });
  const lastCheckIn = async () => ((await calendar(user)).body as CalendarResponse).lastCheckIn;
  try {
    await registerConsumers({ bus: checkinSide, checkIns: stack.service.checkIns, logger: silentLogger() });
    expect(await lastCheckIn()).toMatchObject({ date: '2025-04-01' });
    await identity.publish('identity.user.deleted', { userId: user.id, deletedAt: new Date().toISOString() }, { messageId: `deleted:${user.id}` });
    await waitUntil(async () => (await lastCheckIn()) === null, 10_000, 'the check-ins to be removed');
    expect((await calendar(user, '?year=2025&month=4')).body.calendar.some((d: { checkedIn: boolean }) => d.checkedIn)).toBe(false);
  } finally {
    await identity.close();
    await checkinSide.close();
  }
});
