import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { AdminNoAccess, Avatar, NarrationText, ThaiText } from '../src';

// README "Thai text on screen" and "Refinements of the spec" (the admin refusal in Thai).

describe('Avatar initials', () => {
  it('shows the first consonant of a name that starts with a leading vowel ("เชฟมือใหม่" → "ช")', () => {
    const { container } = render(<Avatar name="เชฟมือใหม่" />);
    expect(container.textContent).toBe('ช');
  });

  it('shows the letter once every picture has failed', () => {
    const { container } = render(<Avatar src="a.png" name="โซเฟีย" />);
    for (let i = 0; i < 3; i++) fireEvent.error(container.querySelector('img')!);
    expect(container.textContent).toBe('ซ');
  });
});

describe('NarrationText (spec §2 narration marks)', () => {
  it('shows narration in italics and never the asterisks', () => {
    const { container } = render(
      <p>
        <NarrationText text="*ยิ้มบางๆ* สวัสดีค่ะ" />
      </p>,
    );
    expect(container.textContent).toBe('ยิ้มบางๆ สวัสดีค่ะ');
    expect(container.querySelector('em')!.textContent).toBe('ยิ้มบางๆ');
  });

  it('previews a long message without raw asterisks, however the cut falls', () => {
    const { container } = render(
      <p>
        <NarrationText text="*ยิ้มอย่างอ่อนโยนแล้วเอื้อมมือมาแตะไหล่เบาๆ* วันนี้เหนื่อยไหม" max={12} />
      </p>,
    );
    expect(container.textContent).not.toContain('*');
    expect(container.textContent!.endsWith('...')).toBe(true);
    expect(container.querySelector('em')).not.toBeNull();
  });
});

describe('ThaiText', () => {
  it('keeps a word the dictionary splits inside on one line and leaves the text unchanged', () => {
    const text = 'กรุณาติดต่อเราทางเพจโซเชียลมีเดีย';
    const { container } = render(
      <p>
        <ThaiText>{text}</ThaiText>
      </p>,
    );
    expect(container.querySelector('p')).toHaveTextContent(text);
    const kept = container.querySelector('span')!;
    expect(kept.textContent).toBe('โซเชียลมีเดีย');
    expect(kept.style.whiteSpace).toBe('nowrap');
  });
});

describe('the promo-codes admin refusal', () => {
  it('is in Thai and leads back to the home page', async () => {
    render(
      <MemoryRouter initialEntries={['/admin/promo-codes']}>
        <Routes>
          <Route path="/" element={<h1>หน้าหลัก</h1>} />
          <Route path="/admin/promo-codes" element={<AdminNoAccess page="promo-codes" />} />
        </Routes>
      </MemoryRouter>,
    );
    const card = screen.getByRole('alert');
    expect(card).toHaveTextContent('พื้นที่ผู้ดูแลระบบ');
    expect(card).toHaveTextContent('คุณไม่มีสิทธิ์เข้าถึงพื้นที่นี้');
    expect(card.textContent).not.toMatch(/[A-Za-z]/);
    await userEvent.click(screen.getByRole('button', { name: 'กลับหน้าหลัก' }));
    expect(screen.getByRole('heading', { name: 'หน้าหลัก' })).toBeInTheDocument();
  });
});
