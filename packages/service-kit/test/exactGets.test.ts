import express from 'express';
import request from 'supertest';
import { exactGets } from '../src/http/exactGets';

function app() {
  const answered: string[] = [];
  const server = express();
  server.use(
    exactGets({
      '/probe': (_req, res) => {
        res.json({ status: 'ok' });
      },
      '/guarded': [
        (req, _res, next) => (req.headers['x-key'] === 'yes' ? next() : next(Object.assign(new Error('refused'), { status: 403 }))),
        async (_req, res) => {
          await Promise.resolve();
          res.json({ guarded: true });
        },
      ],
      '/broken': async () => {
        throw new Error('broken handler');
      },
    }),
  );
  server.use((req, res) => {
    answered.push(`${req.method} ${req.path}`);
    res.status(404).json({ fallthrough: true });
  });
  server.use((error: Error & { status?: number }, _req: express.Request, res: express.Response, _next: express.NextFunction) => {
    res.status(error.status ?? 500).json({ message: error.message });
  });
  return { server, answered };
}

describe('exactGets: a few exact GET paths from one middleware', () => {
  test('answers GET and HEAD of its paths and nothing else', async () => {
    const { server, answered } = app();
    expect((await request(server).get('/probe')).body).toEqual({ status: 'ok' });
    expect((await request(server).head('/probe')).status).toBe(200);
    expect((await request(server).post('/probe')).body).toEqual({ fallthrough: true });
    expect((await request(server).get('/probe/more')).body).toEqual({ fallthrough: true });
    expect((await request(server).get('/other')).status).toBe(404);
    expect(answered).toEqual(['POST /probe', 'GET /probe/more', 'GET /other']);
  });

  test('runs a path\'s handlers in order and hands an error (thrown, rejected or passed on) to the error handler', async () => {
    const { server } = app();
    expect((await request(server).get('/guarded').set('x-key', 'yes')).body).toEqual({ guarded: true });
    const refused = await request(server).get('/guarded');
    expect([refused.status, refused.body]).toEqual([403, { message: 'refused' }]);
    const broken = await request(server).get('/broken');
    expect([broken.status, broken.body]).toEqual([500, { message: 'broken handler' }]);
  });
});
