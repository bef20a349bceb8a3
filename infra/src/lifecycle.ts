import { say } from './log';

/**
 * What to undo when the runner is interrupted (Ctrl-C, SIGTERM from CI): the children it started,
 * then FerretDB if it started it. Cleanups run newest first, once.
 */
const cleanups: Array<() => Promise<unknown>> = [];
let shuttingDown = false;

/** Registers a cleanup; the returned function removes it again (after a normal stop). */
export function onShutdown(cleanup: () => Promise<unknown>): () => void {
  cleanups.push(cleanup);
  return () => {
    const index = cleanups.indexOf(cleanup);
    if (index >= 0) cleanups.splice(index, 1);
  };
}

export function isShuttingDown(): boolean {
  return shuttingDown;
}

/** Runs every registered cleanup, newest first. */
export async function runCleanups(): Promise<void> {
  while (cleanups.length > 0) {
    const cleanup = cleanups.pop();
    await cleanup?.().catch((error: unknown) => console.error(`cleanup failed: ${(error as Error).message}`));
  }
}

/** On SIGINT/SIGTERM/SIGHUP: stop everything started, then exit 128+signal. */
export function installSignalHandlers(): void {
  const codes: Record<string, number> = { SIGINT: 130, SIGTERM: 143, SIGHUP: 129 };
  for (const signal of Object.keys(codes) as NodeJS.Signals[]) {
    process.on(signal, () => {
      // The terminal sends Ctrl-C to the whole foreground group (tsx relays it once more).
      if (shuttingDown) return;
      shuttingDown = true;
      say(`${signal}: stopping everything this runner started…`);
      void runCleanups().finally(() => process.exit(codes[signal]));
    });
  }
}
