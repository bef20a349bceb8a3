import { act, screen } from '@testing-library/react';
import { member, renderWithShell } from '@lakorn/shell-sdk/testing';
import { OFFLINE_TEXT } from '../src/features/offline/OfflineBanner';

jest.mock('../src/mf/remotes', () => ({
  remoteManifests: jest.fn(async () => ({})),
  loadRemoteComponent: jest.fn(async (remote: string, module: string) => ({
    default: () => <p>remote {remote} {module}</p>,
  })),
}));

const { App } = jest.requireActual('../src/App') as typeof import('../src/App');

describe('offline (README "Refinements of the spec")', () => {
  let online = true;
  beforeEach(() => {
    online = true;
    jest.spyOn(window.navigator, 'onLine', 'get').mockImplementation(() => online);
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    global.fetch = jest.fn(async () => {
      if (!online) throw new TypeError('Failed to fetch');
      return new Response(JSON.stringify(member), { status: 200 });
    }) as unknown as typeof fetch;
  });
  afterEach(() => {
    jest.useRealTimers();
    jest.restoreAllMocks();
  });

  const setOnline = (next: boolean) =>
    act(() => {
      online = next;
      window.dispatchEvent(new Event(next ? 'online' : 'offline'));
    });

  it('a Thai banner shows while offline and goes when the network returns', async () => {
    renderWithShell(<App />, { path: '/library', profile: member });
    expect(await screen.findByText('remote mf_chat ./App')).toBeInTheDocument();
    expect(screen.queryByText(OFFLINE_TEXT)).toBeNull();
    setOnline(false);
    expect(screen.getByTestId('offline-banner')).toHaveTextContent(OFFLINE_TEXT);
    expect(screen.getByTestId('offline-banner')).toHaveAttribute('role', 'status');
    setOnline(true);
    expect(screen.queryByText(OFFLINE_TEXT)).toBeNull();
  });

  it('a member offline for 90 s stays signed in on their page, which is still there when the network returns', async () => {
    jest.useFakeTimers();
    renderWithShell(<App />, { path: '/library', profile: member });
    await act(async () => {
      await jest.advanceTimersByTimeAsync(10);
    });
    expect(screen.getByText('remote mf_chat ./App')).toBeInTheDocument();
    setOnline(false);
    // The profile refresh (60–65 s) and its session check fail on the network meanwhile.
    await act(async () => {
      await jest.advanceTimersByTimeAsync(90_000);
    });
    expect(global.fetch).toHaveBeenCalled();
    expect(screen.getByText('remote mf_chat ./App')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/library');
    setOnline(true);
    await act(async () => {
      await jest.advanceTimersByTimeAsync(10);
    });
    expect(screen.getByText('remote mf_chat ./App')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/library');
  });
});
