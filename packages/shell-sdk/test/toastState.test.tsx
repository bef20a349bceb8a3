import { act, render, screen } from '@testing-library/react';
import { useOnline, ToastProvider, useToast } from '../src';

function Harness() {
  const { toast, toasts } = useToast();
  const online = useOnline();
  return (
    <>
      <p>{online ? 'online' : 'offline'}</p>
      <button onClick={() => toast({ title: 'โหลดไม่สำเร็จ' })}>error</button>
      <button onClick={() => toast({ title: 'บันทึกแล้ว', variant: 'success' })}>success</button>
      <ul>
        {toasts.map((t) => (
          <li key={t.id}>{t.title}</li>
        ))}
      </ul>
    </>
  );
}

describe('toasts clear when the state they describe is gone', () => {
  let online = true;
  beforeEach(() => {
    online = true;
    jest.spyOn(window.navigator, 'onLine', 'get').mockImplementation(() => online);
  });
  afterEach(() => jest.restoreAllMocks());

  const goOffline = () =>
    act(() => {
      online = false;
      window.dispatchEvent(new Event('offline'));
    });
  const goOnline = () =>
    act(() => {
      online = true;
      window.dispatchEvent(new Event('online'));
    });

  it('an error raised while offline goes when the network returns', () => {
    render(
      <ToastProvider>
        <Harness />
      </ToastProvider>,
    );
    goOffline();
    expect(screen.getByText('offline')).toBeInTheDocument();
    act(() => screen.getByText('error').click());
    expect(screen.getByRole('listitem')).toHaveTextContent('โหลดไม่สำเร็จ');
    goOnline();
    expect(screen.getByText('online')).toBeInTheDocument();
    expect(screen.queryByRole('listitem')).toBeNull();
  });

  it('an error raised while online stays when the network comes and goes', () => {
    render(
      <ToastProvider>
        <Harness />
      </ToastProvider>,
    );
    act(() => screen.getByText('error').click());
    goOffline();
    goOnline();
    expect(screen.getByRole('listitem')).toHaveTextContent('โหลดไม่สำเร็จ');
  });

  it('a later success replaces a stale error, whose countdown ends with it', () => {
    jest.useFakeTimers();
    render(
      <ToastProvider>
        <Harness />
      </ToastProvider>,
    );
    act(() => screen.getByText('error').click());
    act(() => screen.getByText('success').click());
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['บันทึกแล้ว']);
    // Every countdown belongs to a toast that still shows: the error's ended with it.
    expect(jest.getTimerCount()).toBe(1);
    jest.useRealTimers();
  });
});
