import request from 'supertest';
import type { CalendarResponse } from '@lakorn/contracts';
import { silentLogger, type Bus } from '@lakorn/service-kit';
import { sessionCookie, testActor, testBus, testNamespace, waitUntil } from '@lakorn/service-kit/testing';
import { registerConsumers } from '../src/events/consumers';
import { useCheckinStack } from './support/harness';

// services/wallet README "A returning member": a deleted account signed up again has the same
// profile id. A check-in is recorded as received only if the wallet credits it, and the deletion
// removes the earlier life's check-ins, never the new life's.

jest.setTimeout(60_000);

const stack = useCheckinStack('checkin_returning');
let checkinSide: Bus;
let identity: Bus;
let wallet: Bus;

beforeAll(async () => {
  // The service's consumers on a bus of their own; identity and the wallet publish as they do.
  const namespace = testNamespace();
  checkinSide = testBus('checkin', { namespace });
  identity = testBus('identity', { namespace });
  wallet = testBus('wallet', { namespace });
  await registerConsumers({ bus: checkinSide, checkIns: stack.service.checkIns, logger: silentLogger() });
});
afterAll(async () => {
  await Promise.all([checkinSide.close(), identity.close(), wallet.close()]);
});

const checkIn = (actor: ReturnType<typeof testActor>) => request(stack.app).post('/api/checkin').set('Cookie', sessionCookie(actor)).send({});
const month = async (actor: ReturnType<typeof testActor>, query: string) =>
  (await request(stack.app).get(`/api/checkin/calendar${query}`).set('Cookie', sessionCookie(actor))).body as CalendarResponse;
const checkedDays = async (actor: ReturnType<typeof testActor>, query: string) => (await month(actor, query)).calendar.filter((d) => d.checkedIn).map((d) => d.date);

test('a check-in whose credit the wallet refused (the account was deleted) is not kept as received, so the day can be checked in again', async () => {
  stack.setNow('2025-06-02T05:00:00Z');
  const user = testActor();
  expect((await checkIn(user)).status).toBe(201);
  const opId = `checkin:${user.id}:2025-06-02`;
  await waitUntil(() => stack.creditsFor(opId).length > 0, 10_000, 'the credit request');

  await wallet.publish('wallet.credit.refused', { opId, userId: user.id, reason: 'closed' }, { messageId: `refused:${opId}` });
  await waitUntil(async () => (await month(user, '?year=2025&month=6')).lastCheckIn === null, 10_000, 'the refused check-in to go');
  expect(await checkedDays(user, '?year=2025&month=6')).toEqual([]);
  expect((await month(user, '')).today).toMatchObject({ date: '2025-06-02', checkedIn: false });
  expect((await checkIn(user)).status).toBe(201);
});

test('a deletion removes the check-ins made before it, never those of the account made again after it', async () => {
  const user = testActor();
  stack.setNow('2025-06-10T05:00:00Z');
  expect((await checkIn(user)).status).toBe(201);
  // The account is deleted at 06:00 and made again; its next day's check-in comes before the deletion is handled here.
  stack.setNow('2025-06-11T05:00:00Z');
  expect((await checkIn(user)).status).toBe(201);
  await identity.publish('identity.user.deleted', { userId: user.id, deletedAt: '2025-06-10T06:00:00.000Z' }, { messageId: `deleted:${user.id}:1` });
  await waitUntil(async () => !(await checkedDays(user, '?year=2025&month=6')).includes('2025-06-10'), 10_000, 'the earlier life\'s check-in to go');
  expect(await checkedDays(user, '?year=2025&month=6')).toEqual(['2025-06-11']);
});
