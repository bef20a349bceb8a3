import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { ERROR_CODES } from '@lakorn/contracts';
import { answerClientErrors } from '../src/http/errors';
import { testGateway } from './support/gateway';

// ARCHITECTURE §6: errors are JSON, including the ones node's parser raises before any route runs.
let server: http.Server;
let port: number;
beforeAll(async () => {
  server = http.createServer(testGateway(undefined));
  answerClientErrors(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

function get(path: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; type: string; body: string }>((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path, headers }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, type: String(res.headers['content-type']), body }));
      })
      .on('error', reject);
  });
}

describe("requests node's parser refuses", () => {
  test('a URL over 16 KB answers 431 with a JSON error', async () => {
    const res = await get(`/api/news?q=${encodeURIComponent('ก'.repeat(2000))}`);
    expect(res.status).toBe(431);
    expect(res.type).toContain('application/json');
    expect(JSON.parse(res.body)).toEqual({ message: 'Request headers too large', code: ERROR_CODES.validation });
  });

  test('a header over 16 KB answers 431 with a JSON error', async () => {
    const res = await get('/api/news', { 'x-filler': 'a'.repeat(17_000) });
    expect(res.status).toBe(431);
    expect(JSON.parse(res.body)).toMatchObject({ code: ERROR_CODES.validation });
  });
});
