import { createRoot } from 'react-dom/client';
import { MemoryRouter } from 'react-router-dom';
import { AppProviders, useToast } from '@lakorn/shell-sdk';
import { GlobalStyle, ToastViewport } from '@lakorn/ui';
import App from './App';

// Standalone harness for running the remote alone; in the product the shell provides all of this.

function Toasts() {
  const { toasts, dismiss } = useToast();
  return <ToastViewport toasts={toasts} onDismiss={dismiss} />;
}

let container = document.getElementById('root');
if (!container) {
  container = document.createElement('div');
  container.id = 'root';
  document.body.appendChild(container);
}

createRoot(container).render(
  <AppProviders>
    <GlobalStyle />
    <MemoryRouter initialEntries={[location.hash.slice(1) || '/admin/news']}>
      <App />
    </MemoryRouter>
    <Toasts />
  </AppProviders>,
);
