import request from 'supertest';
import { BODY_TOO_LARGE_MESSAGE } from '@lakorn/service-kit';
import { harnessPerFile, sessionCookie, testActor } from '@lakorn/service-kit/testing';
import { BODY_LIMITS } from '../src/api/bodies';
import { startFakeServices } from './support/fakeServices';
import { testGateway } from './support/gateway';

const fakes = harnessPerFile(startFakeServices);

const me = testActor();
const cookie = sessionCookie(me);
const MB = 1024 * 1024;

/** A JSON body of exactly `size` bytes that names the actor. */
function jsonOfSize(size: number): string {
  const head = `{"userId":"${me.id}","content":"`;
  return `${head}${'a'.repeat(size - head.length - 2)}"}`;
}

describe('body caps (ARCHITECTURE §5)', () => {
  const app = () => testGateway(fakes);

  test('forwards a JSON body at the 100 kB cap and refuses one byte more with 413 JSON', async () => {
    const atCap = await request(app()).post('/api/messages').set('Cookie', cookie).type('json').send(jsonOfSize(BODY_LIMITS.default));
    expect(atCap.status).toBe(200);
    expect(fakes.received.at(-1)!.body.length).toBe(100 * 1024);

    const before = fakes.received.length;
    const over = await request(app()).post('/api/messages').set('Cookie', cookie).type('json').send(jsonOfSize(BODY_LIMITS.default + 1));
    expect(over.status).toBe(413);
    expect(over.body).toEqual({ message: BODY_TOO_LARGE_MESSAGE, code: 'VALIDATION' });
    expect(fakes.received.length).toBe(before);
  });

  test('lets a character create or update carry up to 1 MB (a full lorebook), and only those two paths', async () => {
    const created = await request(app()).post('/api/characters').set('Cookie', cookie).type('json').send(jsonOfSize(BODY_LIMITS.character));
    expect(created.status).toBe(200);
    expect(fakes.received.at(-1)!.body.length).toBe(MB);
    const updated = await request(app()).put('/api/characters/c1').set('Cookie', cookie).type('json').send(jsonOfSize(BODY_LIMITS.character));
    expect(updated.status).toBe(200);

    const before = fakes.received.length;
    const over = await request(app()).put('/api/characters/c1').set('Cookie', cookie).type('json').send(jsonOfSize(BODY_LIMITS.character + 1));
    expect(over.status).toBe(413);
    const like = await request(app()).post('/api/characters/c1/like').set('Cookie', cookie).type('json').send(jsonOfSize(BODY_LIMITS.default + 1));
    expect(like.status).toBe(413);
    const deeper = await request(app()).put('/api/characters/c1/extra').set('Cookie', cookie).type('json').send(jsonOfSize(BODY_LIMITS.default + 1));
    expect(deeper.status).toBe(413);
    expect(fakes.received.length).toBe(before);
  });

  test('caps form bodies at 100 kB too', async () => {
    const res = await request(app()).post('/api/checkin').set('Cookie', cookie).type('form').send(`x=${'a'.repeat(101 * 1024)}`);
    expect(res.status).toBe(413);
  });

  test('lets an upload over the 5 MB image limit reach the catalog, which answers it in Thai (spec §9)', async () => {
    const image = Buffer.alloc(6 * MB, 1);
    const res = await request(app())
      .post('/api/upload/character-image')
      .set('Cookie', cookie)
      .field('userId', me.id)
      .attach('image', image, 'big.png');
    expect(res.status).toBe(200);
    const seen = fakes.received.at(-1)!;
    expect(seen.service).toBe('catalog');
    expect(seen.body.length).toBeGreaterThan(6 * MB);
    expect(seen.body.includes(image.subarray(0, 1024))).toBe(true);
  });

  test('refuses an upload over 8 MB at the gateway with 413 ไฟล์ขนาดใหญ่เกินไป', async () => {
    const before = fakes.received.length;
    const res = await request(app())
      .post('/api/upload/character-image')
      .set('Cookie', cookie)
      .field('userId', me.id)
      .attach('image', Buffer.alloc(BODY_LIMITS.upload + 1, 1), 'huge.png');
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ message: 'ไฟล์ขนาดใหญ่เกินไป', code: 'VALIDATION' });
    expect(fakes.received.length).toBe(before);
  });

  test('allows large multipart bodies only on /api/upload/*', async () => {
    const res = await request(app())
      .post('/api/personas')
      .set('Cookie', cookie)
      .attach('file', Buffer.alloc(200 * 1024, 1), 'x.bin');
    expect(res.status).toBe(413);
    expect(res.body.message).toBe(BODY_TOO_LARGE_MESSAGE);
  });

  test('forwards a webhook body up to 1 MB raw and refuses a larger one', async () => {
    const payload = `{"id":"evt_1","pad":"${'x'.repeat(MB - 100)}"}`;
    const ok = await request(app()).post('/api/payments/webhook').type('json').send(payload);
    expect(ok.status).toBe(200);
    expect(fakes.received.at(-1)!.body.toString('utf8')).toBe(payload);

    const over = await request(app()).post('/api/payments/webhook').type('json').send(`{"pad":"${'x'.repeat(MB)}"}`);
    expect(over.status).toBe(413);
  });
});

describe('rate limits', () => {
  const THAI_429 = { message: 'คำขอมากเกินไป กรุณาลองใหม่อีกครั้งในภายหลัง' };

  test('limits every request per address, with standard RateLimit headers (probes excluded)', async () => {
    const app = testGateway(fakes, { RATE_LIMIT_IP_PER_MINUTE: '3' });
    for (let i = 0; i < 5; i += 1) expect((await request(app).get('/healthz')).status).toBe(200);
    for (let i = 0; i < 3; i += 1) {
      const res = await request(app).get('/remotes.json');
      expect(res.status).toBe(200);
      expect(res.headers['ratelimit-policy']).toMatch(/^"ip"; q=3; w=60/);
    }
    const limited = await request(app).get('/remotes.json');
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual(THAI_429);
    expect(limited.headers.ratelimit).toMatch(/^"ip"; r=0; t=\d+$/);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Static files and the API share the address's budget.
    expect((await request(app).get('/api/news').set('Cookie', cookie)).status).toBe(429);
  });

  test('limits sign-in calls per address more strictly, without touching other API calls', async () => {
    const app = testGateway(fakes, { RATE_LIMIT_AUTH_PER_MINUTE: '2' });
    expect((await request(app).post('/api/auth/verify').send({ credential: 'a' })).status).toBe(200);
    expect((await request(app).post('/api/auth/dev/token').send({ email: 'a@b.c', name: 'A' })).status).toBe(200);
    const limited = await request(app).post('/api/auth/verify').send({ credential: 'a' });
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual(THAI_429);
    expect((await request(app).get('/api/news').set('Cookie', cookie)).status).toBe(200);
  });

  test('limits each signed-in member separately', async () => {
    const app = testGateway(fakes, { RATE_LIMIT_USER_PER_MINUTE: '2' });
    const other = sessionCookie(testActor());
    for (let i = 0; i < 2; i += 1) expect((await request(app).get('/api/news').set('Cookie', cookie)).status).toBe(200);
    const limited = await request(app).get('/api/news').set('Cookie', cookie);
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual(THAI_429);
    expect(limited.headers.ratelimit).toMatch(/"user"; r=0/);
    // Same address, another member: not limited.
    expect((await request(app).get('/api/news').set('Cookie', other)).status).toBe(200);
  });
});
