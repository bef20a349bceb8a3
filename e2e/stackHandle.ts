import type { WriteStream } from 'node:fs';
import type { Stack } from '../infra/src/stack';

/** What the global setup leaves for the global teardown (jest runs both in one process). */
export interface E2eStackHandle {
  stack: Stack;
  log: WriteStream;
}

const KEY = '__LAKORN_E2E_STACK__';

export function keepHandle(handle: E2eStackHandle): void {
  (globalThis as Record<string, unknown>)[KEY] = handle;
}

export function takeHandle(): E2eStackHandle | undefined {
  const handle = (globalThis as Record<string, unknown>)[KEY] as E2eStackHandle | undefined;
  delete (globalThis as Record<string, unknown>)[KEY];
  return handle;
}
