import { Component, lazy, useEffect, useMemo, useState, type ComponentType, type ErrorInfo, type ReactNode } from 'react';
import { releaseFirstScreen } from '@lakorn/shell-sdk';
import { ErrorState } from '@lakorn/ui';

/** The place a chunk that would not load leaves: never a blank page (README "Refinements of the spec"). */
export const RELOAD_TEXT = {
  message: 'ไม่สามารถโหลดส่วนนี้ของแอปได้ กรุณาตรวจสอบการเชื่อมต่อ แอปจะโหลดใหม่เองเมื่อกลับมาออนไลน์',
  button: 'โหลดใหม่',
} as const;

/** After the first try of a chunk (a route's, a remote's entry): three more, 1, 2 and 4 s later. */
export const CHUNK_RETRY_DELAYS_MS = [1000, 2000, 4000];

const isOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

/**
 * A chunk's load, tried again with backoff: a ChunkLoadError or a remote entry that did not come is
 * most often a moment of network, and webpack forgets a failed chunk, so the next import asks again.
 * Offline, no try can succeed: the failure goes straight to the reload place, which loads again
 * when the network returns.
 */
export async function withRetry<T>(load: (attempt: number) => Promise<T>, delays: readonly number[] = CHUNK_RETRY_DELAYS_MS): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await load(attempt);
    } catch (error) {
      const delay = delays[attempt];
      if (delay === undefined || isOffline()) throw error;
      console.error('chunk failed to load, trying again', error);
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}

/** Tries again when the network returns: the reload place does not wait for a tap. */
function useRetryOnline(onRetry: () => void) {
  useEffect(() => {
    window.addEventListener('online', onRetry);
    return () => window.removeEventListener('online', onRetry);
  }, [onRetry]);
}

/** A quiet chunk's failure (a notice, not a page): nothing shows, it loads when the network returns. */
function RetryOnline({ onRetry }: { onRetry: () => void }) {
  useRetryOnline(onRetry);
  return null;
}

function ReloadPlace({ onRetry }: { onRetry: () => void }) {
  useRetryOnline(onRetry);
  return <ErrorState message={RELOAD_TEXT.message} onRetry={onRetry} retryLabel={RELOAD_TEXT.button} />;
}

/** Catches a chunk that would not load (or a remote that failed to draw) and shows the reload place. */
export class ReloadBoundary extends Component<{ onRetry: () => void; quiet?: boolean; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('chunk failed to load or render', error, info.componentStack);
    // The failure shows where the page would: not under the server's first screen.
    releaseFirstScreen();
  }

  override render() {
    if (this.state.failed) return this.props.quiet ? <RetryOnline onRetry={this.props.onRetry} /> : <ReloadPlace onRetry={this.props.onRetry} />;
    return this.props.children;
  }
}

/**
 * React.lazy for a route's chunk, with withRetry's tries and the reload place after them: a lazy
 * keeps its failure for ever, so each reload builds a fresh one (shared by every use of the page).
 * `quiet`: what is not a page (a notice) shows nothing when it fails, and loads when the network returns.
 */
export function lazyChunk(load: () => Promise<{ default: ComponentType }>, { quiet = false } = {}): ComponentType {
  const lazies: ComponentType[] = [];
  const lazyFor = (attempt: number) => (lazies[attempt] ??= lazy(() => withRetry(load)));
  function Chunk() {
    const [attempt, setAttempt] = useState(0);
    const Loaded = useMemo(() => lazyFor(attempt), [attempt]);
    return (
      <ReloadBoundary key={attempt} quiet={quiet} onRetry={() => setAttempt((n) => n + 1)}>
        <Loaded />
      </ReloadBoundary>
    );
  }
  return Chunk;
}
