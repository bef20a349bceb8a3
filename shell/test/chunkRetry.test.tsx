import type { ComponentType } from 'react';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { member, renderWithShell } from '@lakorn/shell-sdk/testing';
import { RemoteModule } from '../src/mf/RemoteModule';
import { CHUNK_RETRY_DELAYS_MS, lazyChunk, RELOAD_TEXT } from '../src/mf/chunks';

jest.mock('../src/mf/remotes', () => ({
  remoteManifests: jest.fn(async () => ({})),
  loadRemoteComponent: jest.fn(),
}));
const remotes = jest.requireMock('../src/mf/remotes') as { loadRemoteComponent: jest.Mock };

const chunkLoadError = () => Object.assign(new Error('Loading chunk 966 failed.'), { name: 'ChunkLoadError' });
const allRetries = CHUNK_RETRY_DELAYS_MS.reduce((a, b) => a + b, 0);

const advance = async (ms: number) => {
  await act(async () => {
    await jest.advanceTimersByTimeAsync(ms);
  });
};

describe('a chunk that failed to load (README "Refinements of the spec")', () => {
  beforeEach(() => {
    jest.useFakeTimers();
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    remotes.loadRemoteComponent.mockReset();
  });
  afterEach(() => {
    jest.useRealTimers();
    jest.restoreAllMocks();
  });

  it("a remote's entry is tried again with backoff, then the Thai reload place shows (never a blank page) and its button loads it", async () => {
    remotes.loadRemoteComponent.mockRejectedValue(chunkLoadError());
    renderWithShell(<RemoteModule remote="mf_chat" module="./RetriedApp" />, { path: '/library', profile: member });
    await advance(allRetries + 100);
    expect(remotes.loadRemoteComponent).toHaveBeenCalledTimes(1 + CHUNK_RETRY_DELAYS_MS.length);
    expect(screen.getByText(RELOAD_TEXT.message)).toBeInTheDocument();
    remotes.loadRemoteComponent.mockResolvedValue({ default: () => <p>คลังของฉัน</p> });
    jest.useRealTimers();
    await userEvent.click(screen.getByRole('button', { name: RELOAD_TEXT.button }));
    expect(await screen.findByText('คลังของฉัน')).toBeInTheDocument();
  });

  it('a remote that loads on a later try shows without the reload place', async () => {
    remotes.loadRemoteComponent.mockRejectedValueOnce(chunkLoadError()).mockResolvedValue({ default: () => <p>คลังของฉัน</p> });
    renderWithShell(<RemoteModule remote="mf_chat" module="./SecondTryApp" />, { path: '/library', profile: member });
    await advance(CHUNK_RETRY_DELAYS_MS[0]! + 100);
    expect(screen.getByText('คลังของฉัน')).toBeInTheDocument();
    expect(screen.queryByText(RELOAD_TEXT.message)).toBeNull();
  });

  it('the reload place loads again by itself when the network returns', async () => {
    remotes.loadRemoteComponent.mockRejectedValue(chunkLoadError());
    renderWithShell(<RemoteModule remote="mf_chat" module="./OnlineApp" />, { path: '/library', profile: member });
    await advance(allRetries + 100);
    expect(screen.getByText(RELOAD_TEXT.message)).toBeInTheDocument();
    remotes.loadRemoteComponent.mockResolvedValue({ default: () => <p>คลังของฉัน</p> });
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    await advance(100);
    expect(screen.getByText('คลังของฉัน')).toBeInTheDocument();
  });

  it("a route's own chunk (React.lazy) is tried again, then shows the reload place", async () => {
    const load = jest.fn(async (): Promise<{ default: ComponentType }> => {
      throw chunkLoadError();
    });
    const Page = lazyChunk(load);
    render(<Page />);
    await advance(allRetries + 100);
    expect(load).toHaveBeenCalledTimes(1 + CHUNK_RETRY_DELAYS_MS.length);
    expect(screen.getByText(RELOAD_TEXT.message)).toBeInTheDocument();
    load.mockResolvedValue({ default: () => <p>หน้าเข้าสู่ระบบ</p> });
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    await advance(100);
    expect(screen.getByText('หน้าเข้าสู่ระบบ')).toBeInTheDocument();
  });

  it('while offline, the reload place shows at once (no try can succeed) and loads when the network returns', async () => {
    let online = false;
    jest.spyOn(window.navigator, 'onLine', 'get').mockImplementation(() => online);
    remotes.loadRemoteComponent.mockRejectedValueOnce(chunkLoadError()).mockResolvedValue({ default: () => <p>คลังของฉัน</p> });
    renderWithShell(<RemoteModule remote="mf_chat" module="./OfflineApp" />, { path: '/library', profile: member });
    await advance(100);
    expect(remotes.loadRemoteComponent).toHaveBeenCalledTimes(1);
    expect(screen.getByText(RELOAD_TEXT.message)).toBeInTheDocument();
    await advance(allRetries * 3);
    expect(remotes.loadRemoteComponent).toHaveBeenCalledTimes(1);
    online = true;
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    await advance(100);
    expect(screen.getByText('คลังของฉัน')).toBeInTheDocument();
  });
});
