import { registerServiceWorker } from '../src/pwa/registerServiceWorker';

// The worker is registered once the page's start is over (src/pwa/registerServiceWorker.ts): a
// second in which the main thread had an idle period at least every 100 ms, or 15 s after load.

let now = 0;
let pending: ((deadline: IdleDeadline) => void) | undefined;
const register = jest.fn(async () => ({}));

/** The browser grants an idle period at `at` ms (`timedOut`: the callback's timeout ran out first, the thread was busy). */
function idleAt(at: number, timedOut = false): void {
  now = at;
  const callback = pending;
  pending = undefined;
  callback?.({ didTimeout: timedOut, timeRemaining: () => (timedOut ? 0 : 50) });
}

/** Idle periods every 50 ms from `from` up to `to` ms. */
function idleEvery50(from: number, to: number): void {
  for (let at = from; at <= to; at += 50) idleAt(at);
}

const env = process.env.NODE_ENV;
beforeEach(() => {
  now = 0;
  pending = undefined;
  register.mockClear();
  process.env.NODE_ENV = 'production';
  jest.spyOn(performance, 'now').mockImplementation(() => now);
  Object.assign(globalThis, { requestIdleCallback: (callback: (deadline: IdleDeadline) => void) => ((pending = callback), 1) });
  Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: { register, ready: new Promise(() => undefined) } });
});
afterEach(() => {
  process.env.NODE_ENV = env;
  jest.restoreAllMocks();
});

describe('the service worker is registered after the start, not during it', () => {
  test('not while the start keeps the main thread busy; once it has been mostly idle for a second', () => {
    registerServiceWorker();
    // The start: no idle period for a second (the callback's timeout runs out), then its network waits.
    idleAt(1_000, true);
    idleEvery50(1_050, 1_950);
    expect(register).not.toHaveBeenCalled();
    idleAt(2_000);
    idleAt(2_050);
    expect(register).toHaveBeenCalledTimes(1);
    expect(register).toHaveBeenCalledWith('/sw.js');
    expect(pending).toBeUndefined();
  });

  test('a stretch of work between idle periods starts the second again', () => {
    registerServiceWorker();
    idleEvery50(50, 800);
    // 300 ms without an idle period: a render, a script's evaluation.
    idleEvery50(1_100, 2_050);
    expect(register).not.toHaveBeenCalled();
    idleEvery50(2_100, 2_150);
    expect(register).toHaveBeenCalledTimes(1);
  });

  test('a page that is never quiet still gets its worker, 15 s after load', () => {
    registerServiceWorker();
    for (let at = 1_000; at < 15_000; at += 1_000) idleAt(at, true);
    expect(register).not.toHaveBeenCalled();
    idleAt(15_000, true);
    expect(register).toHaveBeenCalledTimes(1);
  });
});
