import { say } from './log';

/** How the runner restarts what dies (infra/README.md "Processes"). */
export interface RestartPolicy {
  maxCrashes: number;
  windowMs: number;
  firstDelayMs: number;
}

export const DEFAULT_RESTART: RestartPolicy = { maxCrashes: 5, windowMs: 60_000, firstDelayMs: 250 };

/**
 * Counts one process's deaths within the policy's window: the pause before the next start (doubling
 * from firstDelayMs, at most 5 s), or `giveUp` once it died more than maxCrashes times.
 */
export function crashCounter(policy: RestartPolicy) {
  const times: number[] = [];
  return (): { crashes: number; delayMs: number; giveUp: boolean } => {
    const now = Date.now();
    while (times.length > 0 && now - (times[0] ?? 0) >= policy.windowMs) times.shift();
    times.push(now);
    return {
      crashes: times.length,
      delayMs: Math.min(policy.firstDelayMs * 2 ** (times.length - 1), 5_000),
      giveUp: times.length > policy.maxCrashes,
    };
  };
}

/** "crash 2 of 5 allowed in 60 s" */
export const crashBudget = (crashes: number, policy: RestartPolicy) => `crash ${crashes} of ${policy.maxCrashes} allowed in ${policy.windowMs / 1000} s`;

export interface Supervised<P> {
  /** The process running now. */
  current(): P;
  /** Resolves with the reason when the process is given up on; never otherwise. */
  died: Promise<string>;
  stop(): Promise<void>;
}

/**
 * Keeps a process the runner owns running: when it exits unexpectedly it is started again with
 * `start` after the policy's pause, saying why; after too many crashes `died` says so.
 */
export function supervise<P extends { exited: Promise<string>; stop(): Promise<void> }>(
  name: string,
  first: P,
  start: () => Promise<P>,
  policy: RestartPolicy = DEFAULT_RESTART,
  notice: (line: string) => void = say,
): Supervised<P> {
  let current = first;
  let stopping = false;
  const count = crashCounter(policy);
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  const died = new Promise<string>((resolve) => {
    const watch = (child: P) => {
      void child.exited.then(async (how) => {
        if (stopping) return;
        const { crashes, delayMs, giveUp } = count();
        if (giveUp) {
          resolve(`${name} ${how} again: it died ${crashes} times within ${policy.windowMs / 1000} s, so the runner gave up on it`);
          return;
        }
        notice(`${name} ${how} unexpectedly; starting it again in ${delayMs} ms (${crashBudget(crashes, policy)})`);
        await sleep(delayMs);
        if (stopping) return;
        const since = Date.now();
        try {
          current = await start();
        } catch (error) {
          resolve(`${name} could not be started again: ${(error as Error).message}`);
          return;
        }
        if (stopping) {
          await current.stop();
          return;
        }
        notice(`${name} is ready again (${((Date.now() - since) / 1000).toFixed(1)} s after its restart)`);
        watch(current);
      });
    };
    watch(first);
  });
  return {
    current: () => current,
    died,
    stop: async () => {
      stopping = true;
      await current.stop();
    },
  };
}
