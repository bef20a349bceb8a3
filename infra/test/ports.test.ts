import net from 'node:net';
import { freePorts } from '../src/ports';

function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

describe('freePorts', () => {
  // A stack draws its six ports at once; two processes given one port leave one of them answering
  // for the other. Drawn one at a time (closed before the next), 300 ports held a repeat in 20 of 20
  // tries on this host.
  it('never gives the same port twice in one draw', async () => {
    const ports = await freePorts(300);
    expect(ports).toHaveLength(300);
    expect(new Set(ports).size).toBe(300);
  });

  it('gives ports that can be listened on once it answers', async () => {
    const ports = await freePorts(6);
    for (const port of ports) expect(await canListen(port)).toBe(true);
  });
});
