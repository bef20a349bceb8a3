import net from 'node:net';

// A TCP forwarder between a bus and RabbitMQ, so a test can make the broker unreachable, drop live
// connections, or hold back what the broker sends (its confirms) without touching the shared broker.

export interface BrokerProxy {
  /** The target AMQP URL with host and port replaced by the proxy's. */
  url: string;
  /** Drops every forwarded connection and refuses new ones: the broker is "down". */
  cut(): void;
  /** Accepts connections again. */
  restore(): void;
  /** Drops the live connections only (new ones are accepted): a network blip. */
  drop(): void;
  /** Buffers everything the broker sends (confirms, deliveries, replies) until release(). */
  hold(): void;
  release(): void;
  close(): Promise<void>;
}

interface Pair {
  client: net.Socket;
  upstream: net.Socket;
  held: Buffer[];
}

export async function brokerProxy(targetUrl: string): Promise<BrokerProxy> {
  const target = new URL(targetUrl);
  const targetPort = Number(target.port || 5672);
  const pairs = new Set<Pair>();
  let down = false;
  let holding = false;

  function destroy(pair: Pair): void {
    pairs.delete(pair);
    pair.client.destroy();
    pair.upstream.destroy();
  }

  const server = net.createServer((client) => {
    if (down) {
      client.destroy();
      return;
    }
    const upstream = net.connect(targetPort, target.hostname);
    const pair: Pair = { client, upstream, held: [] };
    pairs.add(pair);
    client.on('data', (chunk) => upstream.write(chunk));
    upstream.on('data', (chunk: Buffer) => {
      if (holding) pair.held.push(chunk);
      else client.write(chunk);
    });
    for (const socket of [client, upstream]) {
      socket.on('error', () => destroy(pair));
      socket.on('close', () => destroy(pair));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  const url = new URL(targetUrl);
  url.hostname = '127.0.0.1';
  url.port = String(port);

  return {
    url: url.toString(),
    cut() {
      down = true;
      for (const pair of [...pairs]) destroy(pair);
    },
    restore() {
      down = false;
    },
    drop() {
      for (const pair of [...pairs]) destroy(pair);
    },
    hold() {
      holding = true;
    },
    release() {
      holding = false;
      for (const pair of pairs) {
        for (const chunk of pair.held.splice(0)) pair.client.write(chunk);
      }
    },
    async close() {
      for (const pair of [...pairs]) destroy(pair);
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
