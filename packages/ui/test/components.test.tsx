import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Avatar, ConfirmDialog, Dialog, imageCandidates, ToastViewport } from '../src';

describe('image fallback chain (spec §7 Images)', () => {
  it('tries /character-images, then /uploads with retry=1, then the original path with retry=2', () => {
    expect(imageCandidates('abc.png')).toEqual(['/character-images/abc.png', '/uploads/character-images/abc.png?retry=1', 'abc.png?retry=2']);
    expect(imageCandidates('https://x.test/a.png')).toEqual(['https://x.test/a.png']);
    expect(imageCandidates('')).toEqual([]);
  });

  it('shows the first letter of the name when every image path fails', () => {
    const { container } = render(<Avatar src="a.png" name="มะลิ" />);
    for (let i = 0; i < 3; i++) fireEvent.error(container.querySelector('img')!);
    expect(container.querySelector('img')).toBeNull();
    expect(container.textContent).toBe('ม');
  });
});

describe('Dialog', () => {
  it('without onClose cannot be dismissed by Escape and has no close button', async () => {
    render(
      <Dialog open title="ประกาศ">
        <button>เข้าใจแล้ว</button>
      </Dialog>,
    );
    await userEvent.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'ประกาศ' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'ปิด' })).toBeNull();
  });

  it('confirm dialog calls onConfirm and disables both buttons while busy', async () => {
    const onConfirm = jest.fn();
    const { rerender } = render(
      <ConfirmDialog open title="ลบ?" message="ข้อมูลจะหายไป" confirmLabel="ลบ" onConfirm={onConfirm} onCancel={() => {}} />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'ลบ' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    rerender(<ConfirmDialog open busy busyLabel="กำลังลบ..." title="ลบ?" message="x" confirmLabel="ลบ" onConfirm={onConfirm} onCancel={() => {}} />);
    expect(screen.getByRole('button', { name: 'กำลังลบ...' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'ยกเลิก' })).toBeDisabled();
  });
});

describe('ToastViewport (spec §9 toasts)', () => {
  const toast = { id: 't1', title: 'บันทึกแล้ว', variant: 'success' as const };

  it('dismisses a toast swiped at least 50 px to the right, not one swiped less', () => {
    const onDismiss = jest.fn();
    render(<ToastViewport toasts={[toast]} onDismiss={onDismiss} />);
    const item = screen.getByTestId('toast');
    fireEvent.pointerDown(item, { clientX: 10 });
    fireEvent.pointerUp(item, { clientX: 49 });
    expect(onDismiss).not.toHaveBeenCalled();
    fireEvent.pointerDown(item, { clientX: 10 });
    fireEvent.pointerUp(item, { clientX: 60 });
    expect(onDismiss).toHaveBeenCalledWith('t1');
  });

  it('F8 moves focus to the notification region', async () => {
    render(<ToastViewport toasts={[toast]} onDismiss={() => {}} />);
    await userEvent.keyboard('{F8}');
    expect(document.activeElement).toBe(screen.getByLabelText('การแจ้งเตือน (F8)'));
  });
});
