import { act, fireEvent, render, screen } from '@testing-library/react';
import { useEffect } from 'react';
import { TOAST } from '@lakorn/contracts/web';
import { ToastViewport } from '@lakorn/ui';
import { ToastProvider, useToast } from '../src';

// The toasts' timing lives in the provider, their holding in the viewport the shell renders:
// tested together, as the shell runs them.

function Harness({ title }: { title: string }) {
  const { toast, toasts, dismiss, hold } = useToast();
  useEffect(() => {
    toast({ title });
  }, [toast, title]);
  return (
    <>
      <button>อื่น</button>
      <ToastViewport toasts={toasts} onDismiss={dismiss} onHold={hold} />
    </>
  );
}

const renderToast = () =>
  render(
    <ToastProvider>
      <Harness title="บันทึกไม่สำเร็จ" />
    </ToastProvider>,
  );

describe('toasts (spec §9: 5000 ms, one visible)', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('are announced politely, in a live region that exists before the toast arrives', () => {
    renderToast();
    const region = screen.getByLabelText('การแจ้งเตือน (F8)');
    const live = region.querySelector('[aria-live]');
    expect(live).toHaveAttribute('aria-live', 'polite');
    expect(live).toContainElement(screen.getByTestId('toast'));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('go after the spec duration when nobody holds them', () => {
    renderToast();
    act(() => jest.advanceTimersByTime(TOAST.durationMs - 1));
    expect(screen.getByTestId('toast')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1));
    expect(screen.queryByTestId('toast')).toBeNull();
  });

  /** Held for a minute the toast stays; after `release` it goes when the rest of its time is up. */
  function expectHeldThenGone(release: () => void, restMs: number) {
    act(() => jest.advanceTimersByTime(60_000));
    expect(screen.getByTestId('toast')).toBeInTheDocument();
    act(release);
    act(() => jest.advanceTimersByTime(restMs - 1));
    expect(screen.getByTestId('toast')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1));
    expect(screen.queryByTestId('toast')).toBeNull();
  }

  it('stay while the pointer is over them and go the rest of their time after it leaves', () => {
    renderToast();
    act(() => jest.advanceTimersByTime(4000));
    fireEvent.pointerOver(screen.getByText('บันทึกไม่สำเร็จ'));
    expectHeldThenGone(() => fireEvent.pointerLeave(screen.getByLabelText('การแจ้งเตือน (F8)')), TOAST.durationMs - 4000);
  });

  it('stay while focus is inside them (F8, then the close button) and go after focus leaves', () => {
    renderToast();
    act(() => jest.advanceTimersByTime(1000));
    act(() => screen.getByRole('button', { name: 'ปิดการแจ้งเตือน' }).focus());
    expectHeldThenGone(() => screen.getByRole('button', { name: 'อื่น' }).focus(), TOAST.durationMs - 1000);
  });
});
