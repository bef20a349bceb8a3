import type { IncomingMessage } from 'node:http';
import type { RequestHandler } from 'express';
import { ERROR_CODES } from '@lakorn/contracts';
import { HttpError, isLoopbackAddress } from '@lakorn/service-kit';

export const UNKNOWN_HOST_MESSAGE = 'ที่อยู่เว็บนี้ไม่ใช่ของลากร กรุณาเปิดลากรจากที่อยู่ที่ถูกต้อง';

/** Letters, digits and the punctuation of a name, an IPv4 or a bracketed IPv6 address, and a port. */
const HOST_SHAPE = /^[a-z0-9.\-_]+(?::\d{1,5})?$|^\[[0-9a-f:.]+\](?::\d{1,5})?$/i;

/** `host` as a URL reads it (lower case, IPv4 forms written out, `protocol`'s default port dropped), or undefined if it is no host. */
function urlOf(host: string, protocol = 'http:'): URL | undefined {
  if (!HOST_SHAPE.test(host)) return undefined;
  try {
    return new URL(`${protocol}//${host}`);
  } catch {
    return undefined;
  }
}

/** Whether an ALLOWED_HOSTS entry is a name or address, with or without a port. */
export function isHostEntry(entry: string): boolean {
  return urlOf(entry) !== undefined;
}

/** The address a connection reached, as a URL writes it (IPv6 in brackets, IPv4-mapped as IPv4). */
function localHostname(req: IncomingMessage): string {
  const address = (req.socket.localAddress ?? '').replace(/^::ffff:(?=\d+\.)/i, '');
  return address.includes(':') ? `[${address}]` : address;
}

/**
 * README "This machine only", gateway README "Hosts": which `Host` values the gateway answers.
 * A page whose own name resolves to this machine (DNS rebinding) sends that name, so only names
 * the operator chose pass: PUBLIC_URL's host, the ALLOWED_HOSTS entries (a name alone: any port),
 * `localhost` on a connection that reached a loopback address, and the very address and port the
 * connection reached (no name is resolved there, so no other site can send it).
 */
export function servesHost(options: { publicUrl?: string; allowedHosts: readonly string[] }): (req: IncomingMessage) => boolean {
  const publicUrl = options.publicUrl === undefined ? undefined : new URL(options.publicUrl);
  const entries = options.allowedHosts.map((entry) => ({ url: urlOf(entry)!, anyPort: !/:\d+$/.test(entry) }));
  return (req) => {
    const host = req.headers.host ?? '';
    if (publicUrl && urlOf(host, publicUrl.protocol)?.host === publicUrl.host) return true;
    const asked = urlOf(host);
    if (!asked) return false;
    if (entries.some(({ url, anyPort }) => (anyPort ? url.hostname === asked.hostname : url.host === asked.host))) return true;
    const reached = String(req.socket.localPort) === (asked.port || '80');
    if (!reached) return false;
    return asked.hostname === localHostname(req) || (asked.hostname === 'localhost' && isLoopbackAddress(req.socket.localAddress));
  };
}

/** 421 (in Thai, `UNKNOWN_HOST`) for a Host the gateway does not serve; first, before anything is answered. */
export function refuseUnknownHosts(options: { publicUrl?: string; allowedHosts: readonly string[] }): RequestHandler {
  const serves = servesHost(options);
  return (req, _res, next) => {
    next(serves(req) ? undefined : new HttpError(421, UNKNOWN_HOST_MESSAGE, ERROR_CODES.unknownHost));
  };
}
