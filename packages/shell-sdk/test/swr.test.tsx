import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { SWRConfig } from 'swr';
import { seedApi, swrConfig, useApi, useForgetAnswers } from '../src/swr';

const wrapper = ({ children }: { children: ReactNode }) => <SWRConfig value={{ provider: () => new Map() }}>{children}</SWRConfig>;

describe('useApi', () => {
  afterEach(() => jest.restoreAllMocks());

  it('raises a failure as the given message (spec §8) and keeps the server error as its cause', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    global.fetch = jest.fn(async () => new Response('{"message":"down"}', { status: 404 })) as unknown as typeof fetch;
    const { result } = renderHook(() => useApi('/api/payment-system/status', { failureMessage: 'Failed to fetch payment system status' }), { wrapper });
    await waitFor(() => expect(result.current.error).toBeDefined());
    expect((result.current.error as Error).message).toBe('Failed to fetch payment system status');
    expect(((result.current.error as Error).cause as Error).message).toBe('404: {"message":"down"}');
  });

  it('answers the data when the request succeeds', async () => {
    global.fetch = jest.fn(async () => new Response('{"enabled":true}', { status: 200 })) as unknown as typeof fetch;
    const { result } = renderHook(() => useApi<{ enabled: boolean }>('/api/payment-system/status', { failureMessage: 'x' }), { wrapper });
    await waitFor(() => expect(result.current.data).toEqual({ enabled: true }));
  });
});

describe('answers that came with the page (seedApi)', () => {
  const shellWrapper = ({ children }: { children: ReactNode }) => <SWRConfig value={{ ...swrConfig, provider: () => new Map() }}>{children}</SWRConfig>;
  afterEach(() => jest.restoreAllMocks());

  it('are drawn in the first render, neither loading nor asked for', () => {
    const fetchSpy = jest.fn();
    global.fetch = fetchSpy as unknown as typeof fetch;
    seedApi('/api/seeded/first', { drawn: true });
    const { result } = renderHook(() => useApi<{ drawn: boolean }>('/api/seeded/first'), { wrapper: shellWrapper });
    expect(result.current.data).toEqual({ drawn: true });
    expect(result.current.isLoading).toBe(false);
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('are forgotten with the cache, so the next member of the page asks for their own', async () => {
    global.fetch = jest.fn(async () => new Response('{"drawn":false}', { status: 200 })) as unknown as typeof fetch;
    seedApi('/api/seeded/forgotten', { drawn: true });
    const { result: forget } = renderHook(() => useForgetAnswers(), { wrapper: shellWrapper });
    await act(() => forget.current());
    const { result } = renderHook(() => useApi<{ drawn: boolean }>('/api/seeded/forgotten'), { wrapper: shellWrapper });
    expect(result.current.data).toBeUndefined();
    await waitFor(() => expect(result.current.data).toEqual({ drawn: false }));
  });
});
