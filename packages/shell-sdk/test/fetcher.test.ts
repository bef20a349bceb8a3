import { ApiError, errorMessage, getJson, INVALID_INPUT_MESSAGE, limitMessage, mutate, request } from '../src/fetcher';

type Reply = { status: number; body?: string } | 'network';

/** A fetch that answers from a script and records when each call happened (fake clock). */
function scriptFetch(replies: Reply[]) {
  const calls: Array<{ url: string; init: RequestInit; at: number }> = [];
  const start = Date.now();
  global.fetch = jest.fn(async (url: string | URL | Request, init?: RequestInit) => {
    calls.push({ url: String(url), init: init ?? {}, at: Date.now() - start });
    const reply = replies.shift() ?? { status: 200, body: '{}' };
    if (reply === 'network') throw new TypeError('Failed to fetch');
    return new Response(reply.status === 204 ? null : (reply.body ?? ''), { status: reply.status, statusText: reply.status === 500 ? 'Internal Server Error' : 'X' });
  }) as typeof fetch;
  return calls;
}

/** Runs the fake clock until the promise settles, then answers as the promise did. */
async function settle<T>(promise: Promise<T>): Promise<T> {
  let outcome: { ok: true; value: T } | { ok: false; error: unknown } | undefined;
  promise.then(
    (value) => (outcome = { ok: true, value }),
    (error: unknown) => (outcome = { ok: false, error }),
  );
  while (!outcome) await jest.advanceTimersByTimeAsync(50);
  if (!outcome.ok) throw outcome.error;
  return outcome.value;
}

beforeEach(() => {
  jest.useFakeTimers({ now: 0 });
  jest.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

describe('GET requests (spec §7 shared request behaviour)', () => {
  it('are tried 3 times in total, 300 ms then 600 ms apart, before a server fault is thrown', async () => {
    const calls = scriptFetch([{ status: 500, body: 'boom' }, { status: 500, body: 'boom' }, { status: 500, body: 'boom' }]);
    const result = settle(getJson('/api/news').catch((e) => e));
    const error = await result;
    expect(calls.map((c) => c.at)).toEqual([0, 300, 900]);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as Error).message).toBe('500: boom');
  });

  it('caps the delay at 2000 ms (300 doubling)', async () => {
    const { getRetryDelay } = await import('../src/fetcher');
    expect([0, 1, 2, 3, 4].map(getRetryDelay)).toEqual([300, 600, 1200, 2000, 2000]);
  });

  it('yield null after a final network failure', async () => {
    const calls = scriptFetch(['network', 'network', 'network']);
    await expect(settle(getJson('/api/news'))).resolves.toBeNull();
    expect(calls).toHaveLength(3);
  });

  it('succeed on a later attempt after a transient failure', async () => {
    scriptFetch(['network', { status: 200, body: '[1,2]' }]);
    await expect(settle(getJson('/api/news'))).resolves.toEqual([1, 2]);
  });

  it('treat a failed like-status query as not liked', async () => {
    scriptFetch([{ status: 500 }, { status: 500 }, { status: 500 }]);
    await expect(settle(getJson('/api/characters/c1/like/u1'))).resolves.toEqual({ hasLiked: false });
  });

  it('include credentials', async () => {
    const calls = scriptFetch([{ status: 200, body: '{}' }]);
    await settle(getJson('/api/news'));
    expect(calls[0]?.init.credentials).toBe('include');
  });

  it('throw a 401 by default and yield null when configured', async () => {
    scriptFetch([{ status: 401, body: '{"message":"Not signed in"}' }]);
    await expect(settle(getJson('/api/users/u1'))).rejects.toMatchObject({ status: 401 });
    scriptFetch([{ status: 401 }]);
    await expect(settle(getJson('/api/users/u1', { on401: 'null' }))).resolves.toBeNull();
  });

  it('do not retry a final client error such as 404', async () => {
    const calls = scriptFetch([{ status: 404, body: '{"message":"Not found"}' }]);
    await expect(settle(getJson('/api/chats/x'))).rejects.toMatchObject({ status: 404, serverMessage: 'Not found' });
    expect(calls).toHaveLength(1);
  });
});

describe('mutations', () => {
  it('are retried twice, 1000 ms then 2000 ms later (min(1000·2^n, 5000))', async () => {
    const calls = scriptFetch([{ status: 503 }, { status: 503 }, { status: 503 }]);
    await expect(settle(mutate('POST', '/api/checkin', { userId: 'u' }))).rejects.toMatchObject({ status: 503 });
    expect(calls.map((c) => c.at)).toEqual([0, 1000, 3000]);
  });

  it('send a JSON body with content type application/json', async () => {
    const calls = scriptFetch([{ status: 200, body: '{"ok":true}' }]);
    await expect(settle(mutate('PUT', '/api/users/username', { username: 'มะลิ' }))).resolves.toEqual({ ok: true });
    expect((calls[0]?.init.headers as Record<string, string>)['Content-Type']).toBe('application/json');
    expect(calls[0]?.init.body).toBe('{"username":"มะลิ"}');
  });

  it('do not repeat a refused request (402 not enough coins is answered once)', async () => {
    const calls = scriptFetch([{ status: 402, body: '{"message":"Not enough coins","code":"NOT_ENOUGH_COINS"}' }]);
    await expect(settle(mutate('POST', '/api/messages', {}))).rejects.toMatchObject({ code: 'NOT_ENOUGH_COINS' });
    expect(calls).toHaveLength(1);
  });

  it('do not repeat a request past a member’s quota (429 QUOTA), whose Thai message is the limit’s', async () => {
    const calls = scriptFetch([{ status: 429, body: '{"message":"คุณสร้างตัวละครครบจำนวนสูงสุดแล้ว","code":"QUOTA"}' }]);
    const error = await settle(mutate('POST', '/api/characters', {}).catch((e: unknown) => e));
    expect(calls).toHaveLength(1);
    expect(limitMessage(error)).toBe('คุณสร้างตัวละครครบจำนวนสูงสุดแล้ว');
  });

  it('retry the gateway’s rate limit (429 without QUOTA) as a transient failure', async () => {
    const calls = scriptFetch([{ status: 429, body: '{"message":"คำขอมากเกินไป"}' }, { status: 200, body: '{"ok":true}' }]);
    await expect(settle(mutate('POST', '/api/checkin', {}))).resolves.toEqual({ ok: true });
    expect(calls.map((c) => c.at)).toEqual([0, 1000]);
  });

  it('give no limit message for other failures', () => {
    expect(limitMessage(new ApiError(400, 'Bad Request', '{"message":"Invalid promo code"}'))).toBeUndefined();
    expect(limitMessage(new Error('boom'))).toBeUndefined();
  });
});

describe('request', () => {
  it('raises non-OK answers as "{status}: {status text}" when the body is empty', async () => {
    scriptFetch([{ status: 500 }]);
    await expect(settle(request('/x'))).rejects.toThrow('500: Internal Server Error');
  });

  it('answers null for 204 No Content', async () => {
    scriptFetch([{ status: 204 }]);
    await expect(settle(request('/x', { method: 'DELETE' }))).resolves.toBeNull();
  });

  it('lets a GET read the headers of the answer it returns (a paging cursor), not of a failed attempt', async () => {
    global.fetch = jest
      .fn()
      .mockResolvedValueOnce(new Response('', { status: 503, headers: { 'X-Next-Cursor': 'stale' } }))
      .mockResolvedValueOnce(new Response('[1]', { status: 200, headers: { 'X-Next-Cursor': 'c50' } })) as unknown as typeof fetch;
    const seen: Array<string | null> = [];
    const body = await settle(getJson<number[]>('/api/messages/chat/a?limit=50', { onResponse: (r) => seen.push(r.headers.get('X-Next-Cursor')) }));
    expect(body).toEqual([1]);
    expect(seen).toEqual(['c50']);
  });
});

describe('what a failure shows (errorMessage, the description of the failure toasts)', () => {
  const failure = (status: number, body: unknown) => new ApiError(status, 'X', JSON.stringify(body));

  it('shows a 400 VALIDATION worded for developers (English field errors) as one clear Thai text', () => {
    const shown = errorMessage(failure(400, { message: 'personaContext: Invalid input: expected object, received number', code: 'VALIDATION' }));
    expect(shown).toBe(INVALID_INPUT_MESSAGE);
    expect(shown).toMatch(/[\u0E00-\u0E7F]/);
    expect(errorMessage(failure(400, { message: 'Invalid request body', code: 'VALIDATION' }))).toBe(INVALID_INPUT_MESSAGE);
  });

  it('keeps a VALIDATION message the server already words in Thai for members (a picture address, a file)', () => {
    expect(errorMessage(failure(400, { message: 'ไฟล์ไม่ถูกต้อง', code: 'VALIDATION' }))).toBe('ไฟล์ไม่ถูกต้อง');
  });

  it("keeps the server's message for every other failure (spec §8: the toast adds it)", () => {
    expect(errorMessage(failure(409, { message: 'Username already taken', code: 'USERNAME_TAKEN' }))).toBe('Username already taken');
    expect(errorMessage(failure(400, { message: 'Invalid package selection', code: 'INVALID_PACKAGE' }))).toBe('Invalid package selection');
    expect(errorMessage(new ApiError(400, 'Bad Request', 'plain text'))).toBe('400: plain text');
  });
});
