import type { IncomingMessage } from 'node:http';
import { isIP } from 'node:net';
import type { RequestHandler } from 'express';
import { ERROR_CODES, LOCAL_ONLY_MESSAGE } from '@lakorn/contracts';
import { HttpError } from './errors';

/** 127.0.0.0/8 and ::1, also written as IPv4-mapped IPv6 (`::ffff:127.0.0.1`). */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const plain = address.trim().toLowerCase().replace(/^::ffff:(?=\d+\.)/, '');
  if (plain === '::1' || plain === '0:0:0:0:0:0:0:1') return true;
  return isIP(plain) === 4 && plain.startsWith('127.');
}

/**
 * The address a request comes from. X-Forwarded-For is believed only hop by hop from a loopback
 * peer (the gateway in front of a service, or a proxy on the same machine), reading its entries
 * from the right: each trusted hop appended the address it saw. A client on the network cannot
 * pass for the machine by sending the header itself, since its socket address is not loopback.
 */
export function requestAddress(req: IncomingMessage): string {
  let address = req.socket.remoteAddress ?? '';
  const header = req.headers['x-forwarded-for'];
  const hops = (Array.isArray(header) ? header.join(',') : (header ?? ''))
    .split(',')
    .map((hop) => hop.trim())
    .filter(Boolean);
  while (isLoopbackAddress(address) && hops.length > 0) address = hops.pop() ?? address;
  return address;
}

/** Whether a request comes from the machine that runs Lakorn (see requestAddress). */
export function isLocalRequest(req: IncomingMessage): boolean {
  return isLoopbackAddress(requestAddress(req));
}

/**
 * ARCHITECTURE §5 and §8: the development sign-in and the simulated payment provider stand in for
 * Google and the bank on a developer's machine; from any other address they are refused (403),
 * unless the operator opened them on purpose (ALLOW_DEV_FROM_NETWORK=true).
 */
export function localOnly(allowFromNetwork: boolean): RequestHandler {
  return (req, _res, next) => {
    if (allowFromNetwork || isLocalRequest(req)) next();
    else next(new HttpError(403, LOCAL_ONLY_MESSAGE, ERROR_CODES.localOnly));
  };
}
