import { Component, lazy, Suspense, useMemo, useState, type ComponentType, type ErrorInfo, type ReactNode } from 'react';
import { releaseFirstScreen } from '@lakorn/shell-sdk';
import { ErrorState, LoadingState } from '@lakorn/ui';
import type { FederationName } from '@lakorn/contracts/web';
import { loadRemoteComponent } from './remotes';

export const REMOTE_LOAD_ERROR = 'ไม่สามารถโหลดส่วนนี้ของแอปได้ กรุณาตรวจสอบการเชื่อมต่อแล้วลองอีกครั้ง';

class RemoteErrorBoundary extends Component<{ onRetry: () => void; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('remote failed to load or render', error, info.componentStack);
    // The failure shows where the page would: not under the server's first screen.
    releaseFirstScreen();
  }

  override render() {
    if (this.state.failed) return <ErrorState message={REMOTE_LOAD_ERROR} onRetry={this.props.onRetry} />;
    return this.props.children;
  }
}

// One lazy component per remote module and attempt, so moving between pages of one remote
// does not load it again, while a retry builds a fresh lazy that really tries again.
const lazies = new Map<string, ComponentType>();
function lazyRemote(remote: FederationName, module: string, attempt: number): ComponentType {
  const key = `${remote}/${module}#${attempt}`;
  let component = lazies.get(key);
  if (!component) {
    component = lazy(() => loadRemoteComponent<object>(remote, module, attempt > 0));
    lazies.set(key, component);
  }
  return component;
}

/**
 * A module of a remote, loaded on first render. A remote that cannot load shows a Thai error
 * with a retry button in its place; the rest of the app keeps working (ARCHITECTURE §9).
 */
export function RemoteModule({ remote, module }: { remote: FederationName; module: string }) {
  const [attempt, setAttempt] = useState(0);
  const Loaded = useMemo(() => lazyRemote(remote, module, attempt), [remote, module, attempt]);
  return (
    <RemoteErrorBoundary key={attempt} onRetry={() => setAttempt((n) => n + 1)}>
      <Suspense fallback={<LoadingState />}>
        <Loaded />
      </Suspense>
    </RemoteErrorBoundary>
  );
}
