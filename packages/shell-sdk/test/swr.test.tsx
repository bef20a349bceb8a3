import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { SWRConfig } from 'swr';
import { useApi } from '../src/swr';

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
