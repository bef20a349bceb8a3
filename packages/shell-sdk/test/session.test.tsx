import { act, render, screen } from '@testing-library/react';
import { SWRConfig } from 'swr';
import type { Profile } from '@lakorn/contracts/web';
import { nextRefreshDelay, SessionProvider, useSession } from '../src/session';
import { ToastProvider, useToast } from '../src/toast';

const profile: Profile = {
  id: 'p1', uid: 'g1', email: 'a@b.test', username: 'มะลิ', profileUrl: '', coins: 10,
  isAdmin: false, isOwner: false, seenMaintenanceNotice: true, ageConfirmed: false, createdAt: '2026-01-01T00:00:00.000Z',
};

function Show() {
  const s = useSession();
  return <p>{s.status}:{s.profile?.coins ?? '-'}</p>;
}

describe('session', () => {
  afterEach(() => {
    jest.useRealTimers();
    jest.restoreAllMocks();
  });

  it('refreshes about once a minute: 60 s plus up to 5 s at random', () => {
    expect(nextRefreshDelay(() => 0)).toBe(60_000);
    expect(nextRefreshDelay(() => 0.999)).toBe(64_995);
  });

  it('asks the server who is signed in on first load and replaces the profile only when it changed', async () => {
    jest.useFakeTimers({ now: 0 });
    jest.spyOn(Math, 'random').mockReturnValue(0);
    const replies = [profile, profile, { ...profile, coins: 25 }];
    const fetchMock = jest.fn(async (_url: string) => new Response(JSON.stringify(replies.shift()), { status: 200 }));
    global.fetch = fetchMock as unknown as typeof fetch;
    render(
      <SWRConfig value={{ provider: () => new Map() }}>
        <SessionProvider>
          <Show />
        </SessionProvider>
      </SWRConfig>,
    );
    await act(async () => {
      await jest.advanceTimersByTimeAsync(10);
    });
    expect(screen.getByText('signed-in:10')).toBeInTheDocument();
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/api/auth/session');
    await act(async () => {
      await jest.advanceTimersByTimeAsync(60_000);
    });
    expect(String(fetchMock.mock.calls[1]?.[0])).toMatch(/^\/api\/users\/p1\?_t=\d+$/);
    expect(screen.getByText('signed-in:10')).toBeInTheDocument();
    await act(async () => {
      await jest.advanceTimersByTimeAsync(60_000);
    });
    expect(screen.getByText('signed-in:25')).toBeInTheDocument();
  });

  it('is signed out when the server answers 401', async () => {
    global.fetch = jest.fn(async () => new Response('{"message":"Not signed in"}', { status: 401 })) as unknown as typeof fetch;
    render(
      <SessionProvider>
        <Show />
      </SessionProvider>,
    );
    expect(await screen.findByText('signed-out:-')).toBeInTheDocument();
  });

  it("takes the first load from the session read asked for before React started, asking no second time", async () => {
    const fetchMock = jest.fn(async () => new Response('{}', { status: 500 }));
    global.fetch = fetchMock as unknown as typeof fetch;
    const early = jest.fn(async () => new Response(JSON.stringify(profile), { status: 200 }));
    render(
      <SessionProvider firstSession={early}>
        <Show />
      </SessionProvider>,
    );
    expect(await screen.findByText('signed-in:10')).toBeInTheDocument();
    expect(early).toHaveBeenCalledTimes(1);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('asks as usual when the early session read brought nothing usable', async () => {
    global.fetch = jest.fn(async () => new Response(JSON.stringify(profile), { status: 200 })) as unknown as typeof fetch;
    render(
      <SessionProvider firstSession={async () => null}>
        <Show />
      </SessionProvider>,
    );
    expect(await screen.findByText('signed-in:10')).toBeInTheDocument();
    expect(String((global.fetch as jest.Mock).mock.calls[0]?.[0])).toBe('/api/auth/session');
  });
});

describe('toasts (spec §9)', () => {
  function Trigger() {
    const { toast, toasts } = useToast();
    return (
      <>
        <button onClick={() => toast({ title: `t${toasts.length}-${Math.random()}` })}>add</button>
        <ul>{toasts.map((t) => <li key={t.id}>{t.title}</li>)}</ul>
      </>
    );
  }

  it('keeps at most one visible and removes it after 5000 ms', async () => {
    jest.useFakeTimers();
    render(
      <ToastProvider>
        <Trigger />
      </ToastProvider>,
    );
    act(() => screen.getByText('add').click());
    act(() => screen.getByText('add').click());
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
    act(() => {
      jest.advanceTimersByTime(4999);
    });
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
    act(() => {
      jest.advanceTimersByTime(1);
    });
    expect(screen.queryAllByRole('listitem')).toHaveLength(0);
  });
});
