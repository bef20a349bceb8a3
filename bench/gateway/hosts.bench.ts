// What the gateway's Host check (gateway/src/http/servedHosts.ts) costs per request, in-process:
// PUBLIC_URL's host (the runner's localhost:<port>), the address the connection reached, and a
// refused name. BENCH_CALLS (1 000 000) calls each after 100 000 to warm up.
import { servesHost } from '../../gateway/src/http/servedHosts';
import { machine } from '../support/stack';

const CALLS = Number(process.env.BENCH_CALLS ?? 1_000_000);
const serves = servesHost({ publicUrl: 'http://localhost:8080', allowedHosts: ['laptop.local'] });
const socket = { localAddress: '127.0.0.1', localPort: 8080 };
const cases = { "PUBLIC_URL's host": 'localhost:8080', 'the address reached': '127.0.0.1:8080', 'a refused name': 'rebind.example:8080' };

console.info(machine());
for (const [name, host] of Object.entries(cases)) {
  const req = { headers: { host }, socket } as never;
  for (let i = 0; i < 100_000; i += 1) serves(req);
  let served = 0;
  const start = process.hrtime.bigint();
  for (let i = 0; i < CALLS; i += 1) if (serves(req)) served += 1;
  const ns = Number(process.hrtime.bigint() - start) / CALLS;
  console.info(`${name.padEnd(20)} ${(ns / 1000).toFixed(2)} µs a request (${served === CALLS ? 'served' : served === 0 ? 'refused' : 'mixed'})`);
}
