import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { SWRConfig } from 'swr';
import { readRetryDelay, swrConfig, useApi } from '../src/swr';

const wrapper = ({ children }: { children: ReactNode }) => <SWRConfig value={{ ...swrConfig, provider: () => new Map() }}>{children}</SWRConfig>;
/** Fake time in 100 ms steps, each under act, so every answer of the way is drawn. */
const advance = async (ms: number) => {
  for (let t = 0; t < ms; t += 100) {
    await act(async () => {
      await jest.advanceTimersByTimeAsync(100);
    });
  }
};
/** What a page draws of a query (SWR draws again only for what the render read). */
const drawn = <T,>({ data, error }: { data?: T; error?: unknown }) => ({ data, error });
const ok = (body: unknown) => new Response(JSON.stringify(body), { status: 200 });

describe('reads lost to the network (README "Refinements of the spec": spec §7 shared request behaviour)', () => {
  beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => {}));
  afterEach(() => {
    jest.useRealTimers();
    jest.restoreAllMocks();
  });

  it('are a failure, not an empty answer, and are asked again when the network returns', async () => {
    let online = false;
    const fetchMock = jest.fn(async () => {
      if (!online) throw new TypeError('Failed to fetch');
      return ok({ chats: 3 });
    });
    global.fetch = fetchMock as unknown as typeof fetch;
    jest.spyOn(window.navigator, 'onLine', 'get').mockImplementation(() => online);
    const { result } = renderHook(() => drawn(useApi<{ chats: number }>('/api/chats/library')), { wrapper });
    await waitFor(() => expect(result.current.error).toBeDefined(), { timeout: 5000 });
    expect(result.current.data).toBeUndefined();
    online = true;
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    await waitFor(() => expect(result.current.data).toEqual({ chats: 3 }));
  });

  it('are tried again with backoff while the browser says it is online (a flaky network, a 503)', async () => {
    jest.useFakeTimers();
    const answers = [new Response('{}', { status: 503 }), new Response('{}', { status: 503 }), new Response('{}', { status: 503 }), ok({ chats: 1 })];
    const fetchMock = jest.fn(async () => answers.shift() ?? ok({ chats: 1 }));
    global.fetch = fetchMock as unknown as typeof fetch;
    const { result } = renderHook(() => drawn(useApi<{ chats: number }>('/api/chats/library-flaky')), { wrapper });
    await advance(1_500);
    // The fetcher's own three tries (300 and 600 ms apart) failed: SWR tries again after its backoff.
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(result.current.error).toBeDefined();
    await advance(readRetryDelay(0));
    expect(fetchMock).toHaveBeenCalledTimes(4);
    expect(result.current.data).toEqual({ chats: 1 });
  });

  it('back off 1 s doubling to 30 s, then stop until the network returns', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map(readRetryDelay)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  });

  it('a refusal (404) is the server\'s word: not tried again', async () => {
    jest.useFakeTimers();
    const fetchMock = jest.fn(async () => new Response('{"message":"no"}', { status: 404 }));
    global.fetch = fetchMock as unknown as typeof fetch;
    renderHook(() => useApi('/api/chats/gone'), { wrapper });
    await act(async () => {
      await jest.advanceTimersByTimeAsync(60_000);
    });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
