import { Router } from 'express';
import { mongo } from 'mongoose';
import pino from 'pino';
import request from 'supertest';
import { DomainError } from '../src/domain/errors';
import { createHttpApp } from '../src/http/createApp';
import { conflict } from '../src/http/errors';
import { testSessionKeys } from '../src/testing';

class AlreadyCheckedIn extends DomainError {}
class NeverMapped extends DomainError {}

function app() {
  const router = Router();
  router.post('/api/check-ins', () => {
    throw new AlreadyCheckedIn();
  });
  router.post('/api/unmapped', () => {
    throw new NeverMapped('a rule routes/errors.ts forgot');
  });
  router.get('/api/database-down', () => {
    throw new mongo.MongoNetworkError('connection 3 to 127.0.0.1:27017 closed');
  });
  return createHttpApp({
    logger: pino({ level: 'silent' }),
    sessionPublicKey: testSessionKeys().publicKey,
    routers: [router],
    domainErrors: (error) => (error instanceof AlreadyCheckedIn ? conflict('วันนี้เช็คอินแล้ว', 'ALREADY_CHECKED_IN') : undefined),
  });
}

describe("a service's one map from domain errors to HTTP", () => {
  test('a domain error the map knows answers its status, code and text', async () => {
    const res = await request(app()).post('/api/check-ins');
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ message: 'วันนี้เช็คอินแล้ว', code: 'ALREADY_CHECKED_IN' });
  });

  test('a domain error the map does not know is a bug: 500 without its text', async () => {
    const res = await request(app()).post('/api/unmapped');
    expect(res.status).toBe(500);
    expect(JSON.stringify(res.body)).not.toContain('forgot');
  });

  test('a database that cannot be reached (down or restarting) is a 503 to try again, not a 500', async () => {
    const res = await request(app()).get('/api/database-down');
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ message: 'Service temporarily unavailable', code: 'UNAVAILABLE' });
  });

  test('a domain error is named after its class, so logs say which rule refused', () => {
    expect(new AlreadyCheckedIn().name).toBe('AlreadyCheckedIn');
  });
});
