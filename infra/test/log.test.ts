import { formatLogLine } from '../src/log';

describe('formatLogLine: pino JSON lines become readable prefixed lines', () => {
  it('prints [service] LEVEL msg key=value and hides pino bookkeeping fields', () => {
    const line = JSON.stringify({
      level: 30,
      time: 1_700_000_000_000,
      pid: 42,
      hostname: 'box',
      service: 'wallet',
      name: 'wallet',
      msg: 'payment settled',
      paymentId: 'p1',
      amount: 35,
      duplicate: false,
    });
    expect(formatLogLine('wallet', line)).toEqual(['[wallet] INFO payment settled paymentId=p1 amount=35 duplicate=false']);
  });

  it('maps every pino level number to its name', () => {
    const levels = [10, 20, 30, 40, 50, 60].map((level) => formatLogLine('x', JSON.stringify({ level, msg: 'm' }))[0]);
    expect(levels).toEqual(['[x] TRACE m', '[x] DEBUG m', '[x] INFO m', '[x] WARN m', '[x] ERROR m', '[x] FATAL m']);
  });

  it('flattens pino-http request and response objects into dotted keys', () => {
    const line = JSON.stringify({ level: 30, msg: 'request completed', req: { id: 'r1', method: 'GET', url: '/api/coins' }, res: { statusCode: 200 }, responseTime: 4 });
    expect(formatLogLine('chat', line)[0]).toBe(
      '[chat] INFO request completed req.id=r1 req.method=GET req.url=/api/coins res.statusCode=200 responseTime=4',
    );
  });

  it('quotes values with spaces and shows deeper nesting as JSON', () => {
    const line = JSON.stringify({ level: 40, msg: 'slow', reason: 'model is slow', deep: { a: { b: [1, 2] } }, empty: '' });
    expect(formatLogLine('chat', line)[0]).toBe('[chat] WARN slow reason="model is slow" deep.a={"b":[1,2]} empty=""');
  });

  it('prints an error stack as its own prefixed lines after the message', () => {
    const line = JSON.stringify({
      level: 50,
      msg: 'unhandled error',
      err: { type: 'Error', message: 'boom', stack: 'Error: boom\n    at a (x.ts:1:1)\n    at b (y.ts:2:2)' },
    });
    expect(formatLogLine('identity', line)).toEqual([
      '[identity] ERROR unhandled error err.type=Error err.message=boom',
      '[identity]   at a (x.ts:1:1)',
      '[identity]   at b (y.ts:2:2)',
    ]);
  });

  it('passes lines that are not pino JSON through unchanged, after the prefix', () => {
    expect(formatLogLine('gateway', 'listening on 8080')).toEqual(['[gateway] listening on 8080']);
    expect(formatLogLine('gateway', '{not json')).toEqual(['[gateway] {not json']);
    expect(formatLogLine('gateway', '{"no":"level"}')).toEqual(['[gateway] {"no":"level"}']);
  });

  it('pads the prefix so the columns of several processes line up', () => {
    expect(formatLogLine('chat', 'x', { width: 10 })).toEqual(['[chat]     x']);
  });
});
