import { act, render, screen } from '@testing-library/react';
import { SWRConfig } from 'swr';
import type { Profile } from '@lakorn/contracts/web';
import { clearSessionEnded } from '../src/fetcher';
import { SESSION_READ_TIMEOUT_MS, SessionProvider, useSession } from '../src/session';

const profile: Profile = {
  id: 'p1', uid: 'g1', email: 'a@b.test', username: 'มะลิ', profileUrl: '', coins: 10,
  isAdmin: false, isOwner: false, seenMaintenanceNotice: true, ageConfirmed: false, createdAt: '2026-01-01T00:00:00.000Z',
};

function Show() {
  const s = useSession();
  return <p>{s.status}:{s.profile?.coins ?? '-'}</p>;
}

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

function renderSession(initialProfile?: Profile | null) {
  return render(
    <SWRConfig value={{ provider: () => new Map() }}>
      <SessionProvider initialProfile={initialProfile}>
        <Show />
      </SessionProvider>
    </SWRConfig>,
  );
}

/** Two profile refreshes (60 s and up to 5 s each) with every retry of the fetcher in between. */
const twoRefreshes = async () => {
  await act(async () => {
    await jest.advanceTimersByTimeAsync(2 * 70_000);
  });
};

describe('a network error is never a sign-out (README "Refinements of the spec")', () => {
  beforeEach(() => {
    jest.useFakeTimers({ now: 0 });
    jest.spyOn(console, 'error').mockImplementation(() => {});
    clearSessionEnded();
  });
  afterEach(() => {
    jest.useRealTimers();
    jest.restoreAllMocks();
  });

  it('keeps the member signed in when the profile refresh and the session check fail on the network', async () => {
    const fetchMock = jest.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    global.fetch = fetchMock as unknown as typeof fetch;
    renderSession(profile);
    await twoRefreshes();
    const paths = fetchMock.mock.calls.map((c: unknown[]) => String(c[0]).split('?')[0]);
    expect(paths).toContain('/api/users/p1');
    expect(screen.getByText('signed-in:10')).toBeInTheDocument();
  });

  it.each([502, 503, 504])('keeps the member signed in when the session check answers %i', async (status) => {
    global.fetch = jest.fn(async () => json({ message: 'bad gateway' }, status)) as unknown as typeof fetch;
    renderSession(profile);
    await twoRefreshes();
    expect(screen.getByText('signed-in:10')).toBeInTheDocument();
  });

  it('keeps the member signed in when the profile says 401 but the session check cannot be reached', async () => {
    global.fetch = jest.fn(async (url: string) => {
      if (String(url).startsWith('/api/users/')) return json({ message: 'no' }, 401);
      throw new TypeError('Failed to fetch');
    }) as unknown as typeof fetch;
    renderSession(profile);
    await twoRefreshes();
    expect(screen.getByText('signed-in:10')).toBeInTheDocument();
  });

  it('gives up a profile refresh that never answers, keeps the member signed in, and refreshes again later', async () => {
    const fetchMock = jest.fn(
      (_url: string, init?: RequestInit) =>
        new Promise<Response>((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('timed out', 'TimeoutError')));
        }),
    );
    global.fetch = fetchMock as unknown as typeof fetch;
    renderSession(profile);
    await act(async () => {
      await jest.advanceTimersByTimeAsync(65_000 + SESSION_READ_TIMEOUT_MS + 2 * 70_000);
    });
    const refreshes = fetchMock.mock.calls.filter((c) => String(c[0]).startsWith('/api/users/p1')).length;
    expect(refreshes).toBeGreaterThanOrEqual(2);
    expect(screen.getByText('signed-in:10')).toBeInTheDocument();
  });

  it('signs the member out on a 401 SESSION_ENDED', async () => {
    global.fetch = jest.fn(async () => json({ message: 'เซสชันหมดอายุ', code: 'SESSION_ENDED' }, 401)) as unknown as typeof fetch;
    renderSession(profile);
    await twoRefreshes();
    expect(screen.getByText('signed-out:-')).toBeInTheDocument();
  });

  it('on the first load, a session check lost to the network neither signs in nor out, and is asked again when the network returns', async () => {
    let online = false;
    global.fetch = jest.fn(async () => {
      if (!online) throw new TypeError('Failed to fetch');
      return json(profile);
    }) as unknown as typeof fetch;
    renderSession();
    await act(async () => {
      await jest.advanceTimersByTimeAsync(5_000);
    });
    expect(screen.getByText('loading:-')).toBeInTheDocument();
    online = true;
    await act(async () => {
      window.dispatchEvent(new Event('online'));
      // A try in flight may still be between the fetcher's own tries (300 and 600 ms).
      await jest.advanceTimersByTimeAsync(1_000);
    });
    expect(screen.getByText('signed-in:10')).toBeInTheDocument();
  });

  it('on the first load, a visitor the server does not know is signed out', async () => {
    global.fetch = jest.fn(async () => json({ message: 'Not signed in' }, 401)) as unknown as typeof fetch;
    renderSession();
    await act(async () => {
      await jest.advanceTimersByTimeAsync(10);
    });
    expect(screen.getByText('signed-out:-')).toBeInTheDocument();
  });
});
