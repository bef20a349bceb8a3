/** One recorded request to the fake API. */
export interface ApiCall {
  method: string;
  /** The whole URL, query included (relative paths are read against http://lakorn.test). */
  url: URL;
  /** The path without the query: what routes match on. */
  path: string;
  /** A JSON body parsed, a FormData as it was sent, any other text as it was; undefined when none. */
  body: unknown;
  headers: Headers;
}

/** An answer: a status (200 when left out) and a JSON body, or a whole Response (streams, bytes, headers). */
export type Answer = { status?: number; body?: unknown } | Response;
export type Reply = Answer | ((call: ApiCall) => Answer | Promise<Answer>);
export type Routes = Record<string, Reply>;

function parseBody(raw: BodyInit | null | undefined): unknown {
  if (raw === undefined || raw === null) return undefined;
  if (typeof raw !== 'string') return raw;
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
}

function toResponse(answer: Answer): Response {
  if (answer instanceof Response) return answer;
  const status = answer.status ?? 200;
  // A 204 has no body by definition (fetch refuses one).
  return new Response(status === 204 ? null : JSON.stringify(answer.body ?? null), { status });
}

/**
 * A fake API behind global.fetch. `routes` maps 'METHOD /path' (the query is not part of the key;
 * 'METHOD /path/*' answers every path under it that has no route of its own) to an answer or a function of the call (which may wait). Every call is recorded, in order; a
 * route not listed answers 404 like the gateway does.
 */
export function mockApi(routes: Routes) {
  const calls: ApiCall[] = [];
  global.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://lakorn.test');
    const call: ApiCall = {
      method: init?.method ?? 'GET',
      url,
      path: url.pathname,
      body: parseBody(init?.body),
      headers: new Headers(init?.headers),
    };
    calls.push(call);
    const route = routes[`${call.method} ${call.path}`] ?? routes[prefixKeyOf(routes, call)];
    if (route === undefined) return toResponse({ status: 404, body: { message: 'Not found' } });
    return toResponse(typeof route === 'function' ? await route(call) : route);
  }) as unknown as typeof fetch;
  return {
    calls,
    /** The calls to one route, in order. */
    callsTo: (method: string, path: string) => calls.filter((c) => c.method === method && c.path === path),
  };
}

/** The key 'METHOD /prefix/*' whose prefix the call's path starts with (for ids a client makes up). */
function prefixKeyOf(routes: Routes, call: ApiCall): string {
  return Object.keys(routes).find((key) => key.endsWith('/*') && `${call.method} ${call.path}`.startsWith(key.slice(0, -1))) ?? '';
}

/** A promise and the function that settles it, to hold a fake server's answer. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}
