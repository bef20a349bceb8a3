import { earlySignedIn, startEarlyReads, takeEarlyRead } from '../src/earlyReads';

describe("the start's early reads (the session and /remotes.json, asked for as main.js runs)", () => {
  test('each OK answer is taken once; a refused or failed read gives nothing, so the usual request is made', async () => {
    const answers: Record<string, () => Promise<Response>> = {
      '/api/auth/session': async () => new Response('{"message":"Not signed in"}', { status: 401 }),
      '/remotes.json': async () => new Response('{"mf_discover":"/remotes/mf-discover/mf-manifest.json"}', { status: 200 }),
    };
    global.fetch = jest.fn((path: string) => answers[path]!()) as unknown as typeof fetch;
    startEarlyReads();
    expect((global.fetch as jest.Mock).mock.calls.map((c) => c[0])).toEqual(['/api/auth/session', '/remotes.json']);
    expect(await earlySignedIn()).toBe(false);
    expect(await takeEarlyRead('session')).toBeNull();
    expect(await (await takeEarlyRead('remotes'))?.json()).toEqual({ mf_discover: '/remotes/mf-discover/mf-manifest.json' });
    expect(await takeEarlyRead('remotes')).toBeNull();

    answers['/api/auth/session'] = async () => new Response('{"id":"p1"}', { status: 200 });
    startEarlyReads();
    expect(await earlySignedIn()).toBe(true);
    expect(await (await takeEarlyRead('session'))?.json()).toEqual({ id: 'p1' });

    global.fetch = jest.fn(async () => Promise.reject(new TypeError('offline'))) as unknown as typeof fetch;
    startEarlyReads();
    expect(await takeEarlyRead('session')).toBeNull();
  });
});
