import net from 'node:net';

// The driver's Connection is internal; this test guards patches/mongodb+*.patch (patches/README.md).
const { Connection } = require('mongodb/lib/cmap/connection') as {
  Connection: new (socket: net.Socket, options: object) => {
    closed: boolean;
    command(ns: unknown, command: object, options: object): Promise<unknown>;
  };
};
const { ns } = require('mongodb/lib/utils') as { ns: (namespace: string) => unknown };

let server: net.Server;
beforeAll(async () => {
  // A peer that accepts and never answers: only the client's own socket state matters here.
  server = net.createServer(() => undefined);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

test("a command on a connection whose socket Node destroyed (its 'close' not yet emitted) fails at once rather than hanging", async () => {
  const { port } = server.address() as net.AddressInfo;
  const socket = await new Promise<net.Socket>((resolve) => {
    const connected: net.Socket = net.connect(port, '127.0.0.1', () => resolve(connected));
  });
  const connection = new Connection(socket, { id: 1, generation: 0 });
  // What Node does when the database process dies: the socket is destroyed at once and 'close'
  // follows later in the loop. A monitor's heartbeat that starts in between must not wait for a
  // 'drain' that never comes (it froze the driver's view of the server until the service restarted).
  socket.destroy();
  expect(connection.closed).toBe(false);
  const outcome = await Promise.race([
    connection.command(ns('admin.$cmd'), { hello: 1 }, {}).then(
      () => 'answered',
      (error: Error) => error.name,
    ),
    new Promise((resolve) => setTimeout(() => resolve('still waiting after 2 s'), 2_000)),
  ]);
  expect(outcome).toBe('MongoNetworkError');
  expect(connection.closed).toBe(true);
});
