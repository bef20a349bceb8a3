import { fireEvent, render, screen } from '@testing-library/react';
import { useRef, useState } from 'react';
import { renderToString } from 'react-dom/server';
import { ServerStyleSheet } from 'styled-components';
import userEvent from '@testing-library/user-event';
import { Avatar, ConfirmDialog, Dialog, GlobalStyle, imageCandidates, imageSrcSet, MenuItem, MenuPanel, ToastViewport, useMenu } from '../src';

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

  it('starts a new picture from its first path, however far the last one got', () => {
    const { container, rerender } = render(<Avatar src="a.png" name="มะลิ" />);
    fireEvent.error(container.querySelector('img')!);
    expect(container.querySelector('img')!.getAttribute('src')).toBe('/uploads/character-images/a.png?retry=1');
    rerender(<Avatar src="b.png" name="มะลิ" />);
    expect(container.querySelector('img')!.getAttribute('src')).toBe('/character-images/b.png');
    fireEvent.error(container.querySelector('img')!);
    expect(container.querySelector('img')!.getAttribute('src')).toBe('/uploads/character-images/b.png?retry=1');
  });
});

describe('card-sized pictures (catalog README "Card-sized variants")', () => {
  const file = `${'a'.repeat(32)}.jpg`;

  it('offers a stored picture at each of IMAGE_WIDTHS, and nothing for a picture from elsewhere', () => {
    const widths = '180w|360w|540w|1080w';
    expect(imageSrcSet(`/character-images/${file}`)).toBe(widths.split('|').map((w) => `/character-images/${file}?w=${parseInt(w, 10)} ${w}`).join(', '));
    expect(imageSrcSet(file)).toBe(imageSrcSet(`/uploads/character-images/${file}?retry=1`));
    for (const other of ['https://lh3.googleusercontent.com/a/photo.jpg', 'data:image/png;base64,AA', 'a.png', '', null]) expect(imageSrcSet(other)).toBeUndefined();
  });

  it('draws an avatar at its own size from the variants, and falls back to the upload itself without them', () => {
    const { container } = render(<Avatar src={`/character-images/${file}`} name="มะลิ" size={48} />);
    const img = () => container.querySelector('img')!;
    expect(img().getAttribute('srcset')).toContain(`/character-images/${file}?w=180 180w`);
    expect(img().getAttribute('sizes')).toBe('48px');
    fireEvent.error(img());
    expect(img().getAttribute('src')).toBe(`/uploads/character-images/${file}?retry=1`);
    expect(img().hasAttribute('srcset')).toBe(false);
  });
});

function TwoItemMenu({ onPick }: { onPick: (item: string) => void }) {
  const [open, setOpen] = useState(false);
  const wrap = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  // A new close function on every render, as callers write it: the focus must stay where it is.
  useMenu(open, () => setOpen(false), wrap, button);
  return (
    <div>
      <div ref={wrap}>
        <button ref={button} aria-haspopup="menu" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
          ตัวเลือก
        </button>
        {open ? (
          <MenuPanel role="menu">
            <MenuItem role="menuitem" onClick={() => onPick('first')}>แรก</MenuItem>
            <MenuItem role="menuitem" $danger onClick={() => onPick('second')}>ลบ</MenuItem>
          </MenuPanel>
        ) : null}
      </div>
      <p>ข้างนอก</p>
    </div>
  );
}

describe('menus (useMenu, MenuPanel, MenuItem)', () => {
  it('focuses the first item on opening, moves with the arrow keys both ways, and Escape closes it back onto its button', async () => {
    const user = userEvent.setup();
    render(<TwoItemMenu onPick={() => undefined} />);
    await user.click(screen.getByRole('button', { name: 'ตัวเลือก' }));
    expect(screen.getByRole('menuitem', { name: 'แรก' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'ลบ' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'แรก' })).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(screen.getByRole('menuitem', { name: 'ลบ' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(screen.getByRole('button', { name: 'ตัวเลือก' })).toHaveFocus();
  });

  it('closes on a press outside, stays open for a press inside, and its items are buttons that do not submit', async () => {
    const picked: string[] = [];
    const user = userEvent.setup();
    render(<TwoItemMenu onPick={(item) => picked.push(item)} />);
    await user.click(screen.getByRole('button', { name: 'ตัวเลือก' }));
    await user.click(screen.getByRole('menuitem', { name: 'ลบ' }));
    expect(picked).toEqual(['second']);
    expect(screen.getByRole('menu')).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'ลบ' })).toHaveAttribute('type', 'button');
    await user.click(screen.getByText('ข้างนอก'));
    expect(screen.queryByRole('menu')).toBeNull();
  });
});

describe('Dialog', () => {
  function Page({ dismissible = true }: { dismissible?: boolean }) {
    const [open, setOpen] = useState(true);
    return (
      <>
        <button>behind</button>
        <Dialog open={open} title="ตั้งค่า" onClose={dismissible ? () => setOpen(false) : undefined}>
          <input aria-label="ชื่อ" />
          <button>บันทึก</button>
        </Dialog>
      </>
    );
  }

  it('keeps Tab and Shift+Tab inside the open dialog', async () => {
    render(<Page />);
    const dialog = screen.getByRole('dialog', { name: 'ตั้งค่า' });
    expect(screen.getByLabelText('ชื่อ')).toHaveFocus();
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'บันทึก' })).toHaveFocus();
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'ปิด' })).toHaveFocus();
    await userEvent.tab();
    expect(screen.getByLabelText('ชื่อ')).toHaveFocus();
    await userEvent.tab({ shift: true });
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    expect(screen.getByRole('button', { name: 'ปิด' })).toHaveFocus();
  });

  it('makes the page behind inert and stops it scrolling while open, and gives both back on close', async () => {
    const { container } = render(<Page />);
    expect(container).toHaveAttribute('inert');
    expect(document.documentElement.style.overflow).toBe('hidden');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(container).not.toHaveAttribute('inert');
    expect(document.documentElement.style.overflow).toBe('');
  });

  it('closes on Escape and gives focus back to what had it', async () => {
    function Opener() {
      const [open, setOpen] = useState(false);
      return (
        <>
          <button onClick={() => setOpen(true)}>เปิด</button>
          <Dialog open={open} title="ตั้งค่า" onClose={() => setOpen(false)}>
            <button>บันทึก</button>
          </Dialog>
        </>
      );
    }
    render(<Opener />);
    await userEvent.click(screen.getByRole('button', { name: 'เปิด' }));
    expect(screen.getByRole('button', { name: 'บันทึก' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('button', { name: 'เปิด' })).toHaveFocus();
  });

  it('leaves the toast region usable while a dialog is open', () => {
    render(
      <>
        <ToastViewport toasts={[{ id: 't', title: 'บันทึกไม่สำเร็จ', variant: 'destructive' }]} onDismiss={() => {}} />
        <Page />
      </>,
    );
    expect(screen.getByLabelText('การแจ้งเตือน (F8)').closest('[inert]')).toBeNull();
  });

  it('a nested dialog holds the keys until it closes, then the outer one has them again', async () => {
    function Nested() {
      const [outer, setOuter] = useState(true);
      const [inner, setInner] = useState(true);
      return (
        <Dialog open={outer} title="ห้องแชท" onClose={() => setOuter(false)}>
          <button>ห้อง 1</button>
          <ConfirmDialog open={inner} title="ลบห้อง?" message="x" confirmLabel="ลบ" onConfirm={() => {}} onCancel={() => setInner(false)} />
        </Dialog>
      );
    }
    render(<Nested />);
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'ลบห้อง?' })).toBeNull();
    expect(screen.getByRole('dialog', { name: 'ห้องแชท' })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.documentElement.style.overflow).toBe('');
  });

  it('without onClose (button-only, e.g. the maintenance notice) ignores Escape and keeps Tab inside', async () => {
    render(<Page dismissible={false} />);
    await userEvent.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'ตั้งค่า' })).toBeInTheDocument();
    await userEvent.tab();
    await userEvent.tab();
    expect(screen.getByLabelText('ชื่อ')).toHaveFocus();
  });

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

  // 50 px is the spec's own number (§9), so it is written out rather than read from TOAST.
  it('dismisses a toast swiped at least 50 px to the right, not one swiped less', () => {
    const onDismiss = jest.fn();
    render(<ToastViewport toasts={[toast]} onDismiss={onDismiss} />);
    const item = screen.getByTestId('toast');
    fireEvent.pointerDown(item, { clientX: 10 });
    fireEvent.pointerUp(item, { clientX: 59 });
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

describe('reduced motion (prefers-reduced-motion)', () => {
  it('the global style stops looping animations after one run and drops transitions and smooth scrolling', () => {
    const sheet = new ServerStyleSheet();
    renderToString(sheet.collectStyles(<GlobalStyle />));
    const css = sheet.getStyleTags();
    sheet.seal();
    const at = css.indexOf('@media (prefers-reduced-motion: reduce)');
    expect(at).toBeGreaterThanOrEqual(0);
    const block = css.slice(at);
    expect(block).toMatch(/animation-iteration-count:\s*1\s*!important/);
    expect(block).toMatch(/transition-duration:\s*0\.01ms\s*!important/);
    expect(block).toMatch(/scroll-behavior:\s*auto\s*!important/);
  });
});
