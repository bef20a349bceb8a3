import { act, screen } from '@testing-library/react';
import { mockApi, type ApiCall } from '@lakorn/shell-sdk/testing';
import { preloadDiscover } from '../src/features/discover/api';
import { DISCOVER_TEXT } from '../src/features/discover/messages';
import { renderAt, summary } from './support';

// The home's first screen from the server (README "First screen from the server"), on the page's
// side: the page asks the reads the gateway drew from (the seed in the session's cookie) and takes
// the drawn screen away once it shows the same.

const page = (characters: ReturnType<typeof summary>[]) => ({ body: { characters, nextCursor: null } });
const isRow = (call: ApiCall) => call.url.searchParams.get('sort') === 'popular';
const pathOf = (call: ApiCall) => `${call.url.pathname}${call.url.search}`;
const clearSeed = () => (document.cookie = 'lakorn_seed=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/');

beforeEach(() => jest.spyOn(Math, 'random').mockReturnValue(0));
afterEach(() => {
  jest.restoreAllMocks();
  clearSeed();
  document.getElementById('first-screen')?.remove();
});

describe("the server's first screen, on the page", () => {
  test("asks the reads the gateway drew the screen from: the seed in the browser session's cookie", async () => {
    document.cookie = 'lakorn_seed=4242; path=/';
    const api = mockApi({ 'GET /api/characters/public': page([summary()]) });
    renderAt('/');
    await screen.findByRole('article');
    expect(api.callsTo('GET', '/api/characters/public').map(pathOf).sort()).toEqual([
      '/api/characters/public?seed=4242',
      '/api/characters/public?seed=4242&sort=popular&limit=10',
    ]);
  });

  test('a browser session without a seed gets one in a session cookie, which its reads use', async () => {
    clearSeed();
    const api = mockApi({ 'GET /api/characters/public': page([summary()]) });
    renderAt('/');
    await screen.findByRole('article');
    const seed = /(?:^|; )lakorn_seed=(\d+)/.exec(document.cookie)?.[1];
    expect(Number(seed)).toBeGreaterThan(0);
    expect(new Set(api.callsTo('GET', '/api/characters/public').map((c) => c.url.searchParams.get('seed')))).toEqual(new Set([seed]));
  });

  test('takes the answers the server drew from as its first reads: the same cards in the first render, nothing asked again', async () => {
    document.cookie = 'lakorn_seed=515; path=/';
    const drawnRow = summary({ name: 'ดาวที่วาดไว้' });
    const drawnCard = summary({ name: 'การ์ดที่วาดไว้' });
    const block = document.createElement('script');
    block.type = 'application/json';
    block.id = 'first-screen-data';
    block.textContent = JSON.stringify({
      '/api/characters/public?seed=515&sort=popular&limit=10': { characters: [drawnRow], nextCursor: null },
      '/api/characters/public?seed=515': { characters: [drawnCard], nextCursor: null },
    });
    document.body.append(block);
    const api = mockApi({ 'GET /api/characters/public': page([summary({ name: 'จากการอ่านใหม่' })]) });
    // As discover's module does when it loads on / (exposedApp.ts).
    preloadDiscover();
    renderAt('/');
    // In the first render: no loading state to draw and then draw over (a commit of the whole page each).
    expect(screen.getByRole('article', { name: 'การ์ดที่วาดไว้' })).toBeInTheDocument();
    expect(screen.queryByText(DISCOVER_TEXT.loading)).toBeNull();
    expect(await screen.findByRole('button', { name: 'อันดับ 1 ดาวที่วาดไว้' })).toBeInTheDocument();
    expect(api.callsTo('GET', '/api/characters/public')).toEqual([]);
    expect(document.getElementById('first-screen-data')).toBeNull();
  });

  test('stays over the page until both the grid and the popular row are drawn, then goes', async () => {
    const drawn = document.createElement('div');
    drawn.id = 'first-screen';
    document.body.prepend(drawn);
    let releaseRow: () => void = () => undefined;
    const rowHeld = new Promise<void>((resolve) => (releaseRow = resolve));
    const row = summary({ name: 'ดาวเด่น' });
    mockApi({
      'GET /api/characters/public': async (call) => {
        if (!isRow(call)) return page([summary({ name: 'ในตาราง' })]);
        await rowHeld;
        return page([row]);
      },
    });
    renderAt('/');
    expect(await screen.findByRole('article', { name: 'ในตาราง' })).toBeInTheDocument();
    // The grid alone is not the screen the server drew: the row's tiles would turn into placeholders.
    expect(document.getElementById('first-screen')).toBe(drawn);
    await act(async () => releaseRow());
    expect(await screen.findByRole('button', { name: 'อันดับ 1 ดาวเด่น' })).toBeInTheDocument();
    expect(document.getElementById('first-screen')).toBeNull();
  });

  test('goes when the page shows a failure instead (the page, not the drawn screen, is what is true)', async () => {
    const drawn = document.createElement('div');
    drawn.id = 'first-screen';
    document.body.prepend(drawn);
    mockApi({ 'GET /api/characters/public': { status: 500, body: { message: 'boom' } } });
    renderAt('/');
    expect(await screen.findByText('โหลดตัวละครไม่สำเร็จ', {}, { timeout: 8_000 })).toBeInTheDocument();
    expect(document.getElementById('first-screen')).toBeNull();
  }, 15_000);
});
