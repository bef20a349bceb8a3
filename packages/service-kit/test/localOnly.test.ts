import type { IncomingMessage } from 'node:http';
import { isLoopbackAddress, requestAddress } from '../src/http/localOnly';

const from = (remoteAddress: string, forwardedFor?: string) =>
  ({ socket: { remoteAddress }, headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor } }) as unknown as IncomingMessage;

describe('where a request comes from (the development stand-ins answer this machine only)', () => {
  it('counts 127.0.0.0/8 and ::1, also IPv4-mapped, as this machine, and nothing else', () => {
    expect(['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1'].map(isLoopbackAddress)).toEqual([true, true, true, true]);
    expect(['10.0.0.5', '192.168.1.2', '::ffff:10.0.0.5', 'fe80::1', '', '127.example.com'].map(isLoopbackAddress)).toEqual([
      false, false, false, false, false, false,
    ]);
  });

  it('believes X-Forwarded-For only from a loopback peer, reading the hop that peer appended', () => {
    // The gateway on this machine forwards a café laptop's request: the service sees the laptop.
    expect(requestAddress(from('127.0.0.1', '10.0.0.5'))).toBe('10.0.0.5');
    // A laptop that writes the header itself is still the laptop.
    expect(requestAddress(from('10.0.0.5', '127.0.0.1'))).toBe('10.0.0.5');
    // A forged entry before the gateway's own is never reached: the rightmost hop decides.
    expect(requestAddress(from('127.0.0.1', '127.0.0.1, 10.0.0.5'))).toBe('10.0.0.5');
    // Two trusted hops on this machine (a local proxy, then the gateway) lead back to the client.
    expect(requestAddress(from('::1', '10.0.0.5, 127.0.0.1'))).toBe('10.0.0.5');
    expect(requestAddress(from('127.0.0.1', '127.0.0.1'))).toBe('127.0.0.1');
    expect(requestAddress(from('127.0.0.1'))).toBe('127.0.0.1');
  });
});
