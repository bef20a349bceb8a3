import { Router } from 'express';
import pino from 'pino';
import request from 'supertest';
import { createHttpApp } from '../src/http/createApp';
import { BODY_TOO_LARGE_MESSAGE } from '../src/http/errors';
import { testSessionKeys } from '../src/testing';

function app() {
  const router = Router();
  router.post('/api/notes', (req, res) => {
    res.json({ size: JSON.stringify(req.body).length });
  });
  return createHttpApp({ logger: pino({ level: 'silent' }), sessionPublicKey: testSessionKeys().publicKey, routers: [router], jsonLimit: '1kb' });
}

describe("a service's own body limit", () => {
  test('a JSON body over the limit is a 413 with the code and the Thai message', async () => {
    const body = JSON.stringify({ text: 'ก'.repeat(2000) });
    const res = await request(app()).post('/api/notes').type('json').send(body);
    expect([res.status, res.body]).toEqual([413, { message: BODY_TOO_LARGE_MESSAGE, code: 'VALIDATION' }]);
    expect(BODY_TOO_LARGE_MESSAGE).toMatch(/[\u0E00-\u0E7F]/);
  });

  test('a body within the limit still reaches the route', async () => {
    const res = await request(app()).post('/api/notes').send({ text: 'สวัสดี' });
    expect(res.status).toBe(200);
  });
});
