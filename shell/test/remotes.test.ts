jest.mock('@module-federation/enhanced/runtime', () => ({
  registerRemotes: jest.fn(),
  loadRemote: jest.fn(async (id: string) => ({ default: { id } })),
}));

import { loadRemote } from '@module-federation/enhanced/runtime';
import { loadRemoteComponent } from '../src/mf/remotes';

const loads = loadRemote as unknown as jest.Mock;

beforeAll(() => {
  global.fetch = jest.fn(async () => new Response(JSON.stringify({ mf_discover: '/remotes/mf-discover/mf-manifest.json' }), { status: 200 })) as typeof fetch;
});

describe("a page's remote (ARCHITECTURE §9)", () => {
  test('loaded once for the early start and the page that renders it, a retry loads it afresh', async () => {
    const early = loadRemoteComponent('mf_discover', './App', false);
    const page = loadRemoteComponent('mf_discover', './App', false);
    expect(page).toBe(early);
    await page;
    expect(loads).toHaveBeenCalledTimes(1);
    await expect(page).resolves.toEqual({ default: { id: 'mf_discover/App' } });
    await loadRemoteComponent('mf_discover', './App', true);
    expect(loads).toHaveBeenCalledTimes(2);
  });

  test('a failed first load is forgotten: the next page asks again', async () => {
    loads.mockRejectedValueOnce(new Error('offline'));
    await expect(loadRemoteComponent('mf_discover', './Other', false)).rejects.toThrow('offline');
    await expect(loadRemoteComponent('mf_discover', './Other', false)).resolves.toEqual({ default: { id: 'mf_discover/Other' } });
  });
});
