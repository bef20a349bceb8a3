import { takeHandle } from './stackHandle';

/** Stops the stack the global setup started, and removes its databases and queues. */
export default async function globalTeardown(): Promise<void> {
  const handle = takeHandle();
  if (!handle) return;
  await handle.stack.stop();
  await new Promise<void>((resolve) => handle.log.end(resolve));
}
