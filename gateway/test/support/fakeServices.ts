// Small stand-ins for the five services, on ephemeral ports, that record what the gateway sends.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import type { ServiceName } from '../../src/api/routeTable';

export const SERVICES: readonly ServiceName[] = ['identity', 'catalog', 'chat', 'wallet', 'checkin'];

export interface Received {
  service: ServiceName;
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** The chat stand-in's SSE reply: one event at once, the rest when the test releases it. */
export interface HeldStream {
  release: () => void;
  /** Resolves when the gateway's upstream request closes (normally, or because the client left). */
  closed: Promise<{ finished: boolean }>;
}

export interface FakeServices {
  urls: Record<ServiceName, string>;
  received: Received[];
  ready: Record<ServiceName, boolean>;
  /** The last SSE request the chat stand-in answered. */
  lastStream: () => HeldStream | undefined;
  close: () => Promise<void>;
}

export const SSE_PATH = '/api/messages/stream';

function fakeService(service: ServiceName, state: { received: Received[]; ready: Record<ServiceName, boolean>; streams: HeldStream[] }) {
  const app = express();
  app.get('/readyz', (_req, res) => {
    res.status(state.ready[service] ? 200 : 503).json({ status: state.ready[service] ? 'ok' : 'unavailable' });
  });
  if (service === 'chat') {
    app.get(SSE_PATH, (req, res) => {
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      const closed = new Promise<{ finished: boolean }>((resolve) =>
        res.on('close', () => resolve({ finished: res.writableFinished })),
      );
      state.streams.push({ release, closed });
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      res.write('event: token\ndata: {"text":"สวัสดี"}\n\n');
      void gate.then(() => res.end('event: done\ndata: {}\n\n'));
    });
  }
  app.use((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      state.received.push({ service, method: req.method, url: req.originalUrl, headers: req.headers, body: Buffer.concat(chunks) });
      res.setHeader('set-cookie', `seen_by=${service}; Path=/`);
      res.json({ service, method: req.method, url: req.originalUrl });
    });
  });
  return app;
}

export async function startFakeServices(): Promise<FakeServices> {
  const state = {
    received: [] as Received[],
    ready: Object.fromEntries(SERVICES.map((s) => [s, true])) as Record<ServiceName, boolean>,
    streams: [] as HeldStream[],
  };
  const servers: http.Server[] = [];
  const urls = {} as Record<ServiceName, string>;
  for (const service of SERVICES) {
    const server = http.createServer(fakeService(service, state));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    servers.push(server);
    urls[service] = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }
  return {
    urls,
    received: state.received,
    ready: state.ready,
    lastStream: () => state.streams.at(-1),
    close: async () => {
      await Promise.all(
        servers.map(
          (server) =>
            new Promise<void>((resolve) => {
              server.close(() => resolve());
              server.closeAllConnections();
            }),
        ),
      );
    },
  };
}

/** A URL where nothing listens: a port that was free a moment ago. */
export async function deadUrl(): Promise<string> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}
