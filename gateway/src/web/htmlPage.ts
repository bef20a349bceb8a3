import { readFile, stat } from 'node:fs/promises';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Request, Response } from 'express';
import { preferred } from './precompressed';

// Pages the gateway writes per request from the shell's index.html (a share page's meta, the
// home's first screen): sent as the build's own files are, compressed for the browser that accepts
// it and revalidated on every load (the page names the current build's hashed files).

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * Per request, so quick levels: brotli 5 takes ~1 ms for a page of tens of KB and comes within a
 * few percent of the build's maximum, which costs ~100× as long.
 */
const ENCODERS = [
  { name: 'br', encode: (html: Buffer) => brotli(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } }) },
  { name: 'gzip', encode: (html: Buffer) => gzip(html, { level: 6 }) },
] as const;

/** The shell's index.html as the last shell build wrote it, read again when its size or time changes; undefined while there is none. */
export function shellTemplate(indexHtml: string): () => Promise<string | undefined> {
  let template: { key: string; html: string } | undefined;
  return async () => {
    const info = await stat(indexHtml).catch(() => undefined);
    if (!info?.isFile()) return undefined;
    const key = `${info.mtimeMs}:${info.size}`;
    if (template?.key !== key) template = { key, html: await readFile(indexHtml, 'utf8') };
    return template.html;
  };
}

/** Sends a page written here, brotli or gzip as Accept-Encoding allows (Vary says so), no-cache as index.html is. */
export async function sendHtml(req: Request, res: Response, status: number, html: string): Promise<void> {
  let body = Buffer.from(html);
  res.vary('Accept-Encoding');
  const encoder = preferred(req.headers['accept-encoding'], ENCODERS);
  if (encoder) {
    body = await encoder.encode(body);
    res.setHeader('Content-Encoding', encoder.name);
  }
  res.status(status);
  res.setHeader('Content-Type', 'text/html; charset=utf-8');
  res.setHeader('Cache-Control', 'no-cache');
  res.setHeader('Content-Length', body.length);
  res.end(req.method === 'HEAD' ? undefined : body);
}
