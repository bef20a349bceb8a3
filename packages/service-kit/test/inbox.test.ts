import { createInbox } from '../src';
import { testMongo } from '../src/testing';

let mongo: Awaited<ReturnType<typeof testMongo>>;

beforeAll(async () => {
  mongo = await testMongo('servicekit_inbox');
});

afterAll(async () => {
  await mongo.drop();
});

test('the inbox runs a message once and skips every later delivery of the same messageId', async () => {
  const inbox = createInbox(mongo.connection);
  let runs = 0;
  const apply = async () => {
    runs += 1;
  };
  expect(await inbox.process('promo:p1:u1', apply)).toBe(true);
  expect(await inbox.process('promo:p1:u1', apply)).toBe(false);
  expect(await inbox.process('promo:p1:u2', apply)).toBe(true);
  expect(runs).toBe(2);
});

test('a delivery whose work failed is not recorded, so the redelivery runs it again', async () => {
  const inbox = createInbox(mongo.connection, 'inbox_failures');
  await expect(
    inbox.process('signup:u9', async () => {
      throw new Error('database write failed');
    }),
  ).rejects.toThrow('database write failed');
  let ran = false;
  expect(
    await inbox.process('signup:u9', async () => {
      ran = true;
    }),
  ).toBe(true);
  expect(ran).toBe(true);
  expect(await mongo.connection.collection('inbox_failures').countDocuments()).toBe(1);
});
