import type { ComponentType, ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { MemoryRouter } from 'react-router-dom';
// By the package's own name, never './providers': in a remote's bundle that name is the federation's
// shared singleton (ARCHITECTURE §9), the same session and toasts the remote's screens read.
import { AppProviders, useToast } from '@lakorn/shell-sdk';
import { GlobalStyle, ToastViewport } from '@lakorn/ui';

function Toasts() {
  const { toasts, dismiss, hold } = useToast();
  return <ToastViewport toasts={toasts} onDismiss={dismiss} onHold={hold} />;
}

/**
 * A remote's standalone harness (its bootstrap.tsx): the App under the providers, styles and toasts
 * the shell gives it in the product, at the path after `#` (or `defaultPath`). `extra` renders
 * below, for widgets the shell would place elsewhere. A subpath of its own
 * (`@lakorn/shell-sdk/standalone`), so the shared SDK the shell loads does not carry it.
 */
export function mountStandalone(App: ComponentType, options: { defaultPath: string; extra?: (path: string) => ReactNode }) {
  let container = document.getElementById('root');
  if (!container) {
    container = document.createElement('div');
    container.id = 'root';
    document.body.appendChild(container);
  }
  const start = window.location.hash.slice(1) || options.defaultPath;
  createRoot(container).render(
    <AppProviders>
      <GlobalStyle />
      <MemoryRouter initialEntries={[start]}>
        <App />
        {options.extra?.(start)}
      </MemoryRouter>
      <Toasts />
    </AppProviders>,
  );
}
