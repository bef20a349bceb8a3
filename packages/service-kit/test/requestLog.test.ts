import { Writable } from 'node:stream';
import { Router } from 'express';
import pino from 'pino';
import request from 'supertest';
import { createHttpApp } from '../src/http/createApp';
import { testSessionKeys } from '../src/testing';

/** A logger at debug whose lines are kept for the test to read. */
function capturingLogger() {
  const lines: Array<Record<string, unknown>> = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  return { logger: pino({ level: 'debug' }, sink), lines };
}

function app(logger: pino.Logger) {
  const router = Router();
  router.get('/api/ok', (_req, res) => {
    res.json({ ok: true });
  });
  router.get('/api/broken', () => {
    throw new Error('boom');
  });
  return createHttpApp({ logger, sessionPublicKey: testSessionKeys().publicKey, routers: [router] });
}

const requestLines = (lines: Array<Record<string, unknown>>) => lines.filter((line) => line.msg === 'request');

describe("a service's request log (the gateway keeps the access log at info)", () => {
  test('logs an answered call at debug with its id, status and time, and a probe not at all', async () => {
    const { logger, lines } = capturingLogger();
    const res = await request(app(logger)).get('/api/ok').set('x-request-id', 'req-7');
    await request(app(logger)).get('/healthz');
    expect(res.headers['x-request-id']).toBe('req-7');
    const [line, ...others] = requestLines(lines);
    expect(others).toEqual([]);
    expect(line).toMatchObject({ level: 20, reqId: 'req-7', method: 'GET', url: '/api/ok', status: 200 });
    expect(typeof line?.ms).toBe('number');
  });

  test('logs a failed call at warn', async () => {
    const { logger, lines } = capturingLogger();
    expect((await request(app(logger)).get('/api/broken')).status).toBe(500);
    expect(requestLines(lines)).toEqual([expect.objectContaining({ level: 40, url: '/api/broken', status: 500 })]);
  });
});
