import { lazy, Suspense, useMemo, useState, type ComponentType } from 'react';
import { LoadingState } from '@lakorn/ui';
import type { FederationName } from '@lakorn/contracts/web';
import { ReloadBoundary, withRetry } from './chunks';
import { loadRemoteComponent } from './remotes';

// One lazy component per remote module and attempt, so moving between pages of one remote
// does not load it again, while a retry builds a fresh lazy that really tries again.
const lazies = new Map<string, ComponentType>();
function lazyRemote(remote: FederationName, module: string, attempt: number): ComponentType {
  const key = `${remote}/${module}#${attempt}`;
  let component = lazies.get(key);
  if (!component) {
    // Each try after the first reads the remote's manifest afresh (remotes.ts).
    component = lazy(() => withRetry((n) => loadRemoteComponent<object>(remote, module, attempt > 0 || n > 0)));
    lazies.set(key, component);
  }
  return component;
}

/**
 * A module of a remote, loaded on first render and tried again with backoff (chunks.tsx). A remote
 * that still cannot load shows the Thai reload place in its place, which loads again on a tap or
 * when the network returns; the rest of the app keeps working (ARCHITECTURE §9).
 */
export function RemoteModule({ remote, module }: { remote: FederationName; module: string }) {
  const [attempt, setAttempt] = useState(0);
  const Loaded = useMemo(() => lazyRemote(remote, module, attempt), [remote, module, attempt]);
  return (
    <ReloadBoundary key={attempt} onRetry={() => setAttempt((n) => n + 1)}>
      <Suspense fallback={<LoadingState />}>
        <Loaded />
      </Suspense>
    </ReloadBoundary>
  );
}
