import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { Request, RequestHandler, Response } from 'express';

// The build compresses its text files ahead of time (infra/webpack/precompress.js writes
// `<file>.br` and `<file>.gz` next to each): the gateway only picks the twin the browser accepts,
// so a phone gets brotli without the gateway compressing anything per request (ARCHITECTURE §9).
// The API and the chat stream never pass here.

const ENCODINGS = [
  { name: 'br', suffix: '.br' },
  { name: 'gzip', suffix: '.gz' },
] as const;

async function isFile(file: string): Promise<boolean> {
  return stat(file).then(
    (s) => s.isFile(),
    () => false,
  );
}

/** The absolute file a request path names inside `dir`, or undefined when it would leave it. */
export function fileUnder(dir: string, requestPath: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(requestPath);
  } catch {
    return undefined;
  }
  if (decoded.includes('\0')) return undefined;
  const file = path.join(dir, path.normalize(`/${decoded}`));
  return file.startsWith(`${dir}${path.sep}`) ? file : undefined;
}

/**
 * The first of `available` (brotli before gzip: ours is the better order, browsers list gzip first
 * with the same weight) that Accept-Encoding allows, by name or `*`, with a weight above 0.
 */
export function preferred<T extends { name: string }>(header: string | undefined, available: readonly T[]): T | undefined {
  const weights = new Map<string, number>();
  for (const part of (header ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    weights.set(name, q ? Number(q.slice(2)) || 0 : 1);
  }
  return available.find((e) => (weights.get(e.name) ?? weights.get('*') ?? 0) > 0);
}

/**
 * Sends `file` as its brotli or gzip twin when the request accepts one; answers false (nothing
 * sent) when the file has no twin or the browser wants none. A file with twins always says
 * Vary: Accept-Encoding, so a cache never hands a brotli body to a browser that did not ask.
 */
export async function sendPrecompressed(req: Request, res: Response, file: string, cacheControl: string): Promise<boolean> {
  const twins = await Promise.all(ENCODINGS.map((e) => isFile(`${file}${e.suffix}`)));
  const available = ENCODINGS.filter((_, i) => twins[i]);
  if (available.length === 0 || !(await isFile(file))) return false;
  res.vary('Accept-Encoding');
  const encoding = preferred(req.headers['accept-encoding'], available);
  if (!encoding) return false;
  res.type(path.extname(file));
  res.setHeader('Content-Encoding', encoding.name);
  await new Promise<void>((resolve, reject) => {
    res.sendFile(`${file}${encoding.suffix}`, { headers: { 'Cache-Control': cacheControl }, dotfiles: 'deny' }, (error?: Error) =>
      error ? reject(error) : resolve(),
    );
  });
  return true;
}

/**
 * Serves the precompressed twin of a file under `dir` (`index` for a folder path) when there is
 * one; otherwise passes on.
 */
export function precompressedFiles(dir: string, cacheControlFor: (file: string) => string, index: string | false): RequestHandler {
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      next();
      return;
    }
    const file = fileUnder(dir, req.path.endsWith('/') && index ? `${req.path}${index}` : req.path);
    if (!file) {
      next();
      return;
    }
    sendPrecompressed(req, res, file, cacheControlFor(file)).then(
      (sent) => {
        if (!sent) next();
      },
      (error: unknown) => {
        // The twin vanished between stat and send (a rebuild): fall back to the plain file.
        if (!res.headersSent) {
          res.removeHeader('Content-Encoding');
          next();
        } else next(error);
      },
    );
  };
}
