import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import request from 'supertest';
import { testGateway } from './support/gateway';

const INDEX = `<!doctype html><html lang="th"><body>${'<div>ละคร</div>'.repeat(40)}<script src="/main.1a2b3c4d.js"></script></body></html>`;
const MAIN = `console.log(${JSON.stringify('ละคร '.repeat(200))});`;
const SECRET = `not for the web ${'x'.repeat(300)}`;
const CHUNK = `export const text = ${JSON.stringify('ตัวละคร '.repeat(200))};`;

/** A built shell and mf-chat as infra/webpack/precompress.js leaves them: each text file with .br and .gz twins. */
function builtWebRoot(): string {
  const root = mkdtempSync(path.join(tmpdir(), 'lakorn-gateway-precompressed-'));
  const write = (file: string, content: string | Buffer) => {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), content);
  };
  const withTwins = (file: string, content: string) => {
    write(file, content);
    write(`${file}.br`, brotliCompressSync(content));
    write(`${file}.gz`, gzipSync(content));
  };
  withTwins('shell/dist/index.html', INDEX);
  withTwins('shell/secret.txt', SECRET);
  withTwins('shell/dist/main.1a2b3c4d.js', MAIN);
  write('shell/dist/main.1a2b3c4d.js.map', '{"version":3,"sources":["src/secret.ts"]}');
  write('shell/dist/plain.5e6f7a8b.js', 'export {}');
  withTwins('mf-chat/dist/src_App.9f8e7d6c.js', CHUNK);
  write('mf-chat/dist/src_App.9f8e7d6c.js.map', '{}');
  return root;
}

describe('precompressed static files (ARCHITECTURE §9)', () => {
  const webRoot = builtWebRoot();
  const app = testGateway(undefined, { WEB_ROOT: webRoot });
  afterAll(() => rmSync(webRoot, { recursive: true, force: true }));

  test('a browser accepting brotli gets the .br twin with Content-Encoding, the right type and Vary', async () => {
    const res = await request(app).get('/main.1a2b3c4d.js').set('Accept-Encoding', 'gzip, deflate, br, zstd');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers.vary).toMatch(/Accept-Encoding/i);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // The bytes on the wire are the twin's (supertest decodes them for .text).
    expect(Number(res.headers['content-length'])).toBe(brotliCompressSync(MAIN).length);
    expect(res.text).toBe(MAIN);
  });

  test('gzip when brotli is not accepted, the plain file when nothing is', async () => {
    const gz = await request(app).get('/main.1a2b3c4d.js').set('Accept-Encoding', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.text).toBe(MAIN);
    const plain = await request(app).get('/main.1a2b3c4d.js').set('Accept-Encoding', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.text).toBe(MAIN);
    expect(plain.headers.vary).toMatch(/Accept-Encoding/i);
  });

  test('index.html, also as the single-page fallback, and remote files come compressed', async () => {
    for (const url of ['/', '/chat/abc', '/remotes/mf-chat/src_App.9f8e7d6c.js']) {
      const res = await request(app).get(url).set('Accept-Encoding', 'br');
      expect([url, res.status, res.headers['content-encoding']]).toEqual([url, 200, 'br']);
    }
    const index = await request(app).get('/library').set('Accept-Encoding', 'br');
    expect(index.text).toBe(INDEX);
    expect(index.headers['cache-control']).toBe('no-cache');
  });

  test('a file without twins is sent as it is, with no Vary', async () => {
    const res = await request(app).get('/plain.5e6f7a8b.js').set('Accept-Encoding', 'br');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers.vary ?? '').not.toMatch(/Accept-Encoding/i);
  });

  test('source maps are never served, neither the shell\'s nor a remote\'s', async () => {
    for (const url of ['/main.1a2b3c4d.js.map', '/remotes/mf-chat/src_App.9f8e7d6c.js.map']) {
      const res = await request(app).get(url);
      expect([url, res.status]).toEqual([url, 404]);
      expect(res.text).not.toContain('sources');
    }
  });

  test('the API is never answered from the build folders, even for a path naming a compressed file', async () => {
    const res = await request(app).get('/api/main.1a2b3c4d.js').set('Accept-Encoding', 'br');
    expect(res.headers['content-encoding']).toBeUndefined();
  });

  test('a path climbing out of the build folder never reaches a file outside it', async () => {
    const res = await request(app).get('/..%2fsecret.txt').set('Accept-Encoding', 'br');
    expect(res.text).not.toContain(SECRET);
  });
});
