import { screen, within, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import PromoCodePanel from '../src/features/promo/PromoCodePanel';
import TopUpPanel from '../src/features/top-up/TopUpPanel';
import { ABUSE_MESSAGES, ERROR_CODES, INVALID_PROMO_MESSAGE, PROMO_ALREADY_USED_MESSAGE } from '@lakorn/contracts/web';
import { member, mockApi } from '@lakorn/shell-sdk/testing';
import { profile, renderWallet } from './support';

describe('TopUpPanel (spec §2 profile top-up)', () => {
  test('offers the four packages with their coins and prices; choosing one opens its payment page', async () => {
    mockApi({ 'GET /api/payment-system/status': { body: { enabled: true } } });
    const user = userEvent.setup();
    renderWallet('/profile', { children: <TopUpPanel /> });
    expect(screen.getByRole('heading', { name: 'เติมเหรียญ' })).toBeInTheDocument();
    const buttons = await screen.findAllByRole('button', { name: /^ซื้อ / });
    expect(buttons.map((b) => b.getAttribute('aria-label'))).toEqual([
      'ซื้อ 500 เหรียญ ราคา ฿19',
      'ซื้อ 1,000 เหรียญ ราคา ฿39',
      'ซื้อ 3,000 เหรียญ ราคา ฿89',
      'ซื้อ 10,000 เหรียญ ราคา ฿249',
    ]);
    await user.click(screen.getByRole('button', { name: 'ซื้อ 1,000 เหรียญ ราคา ฿39' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/payment/promptpay/medium');
  });

  test('shows the contact-us message instead of packages when the payment system is off', async () => {
    mockApi({ 'GET /api/payment-system/status': { body: { enabled: false } } });
    renderWallet('/profile', { children: <TopUpPanel /> });
    expect(await screen.findByText('ระบบชำระเงินยังไม่เปิดให้บริการ')).toBeInTheDocument();
    const contact = screen.getByText((_, node) => node?.tagName === 'SPAN' && /กรุณาติดต่อเราทางเพจโซเชียลมีเดีย$/.test(node.textContent ?? ''));
    // README "Thai text on screen": the line never breaks inside "โซเชียลมีเดีย" (the dictionary's "โซเชีย/ลมีเดีย").
    expect(within(contact).getByText('โซเชียลมีเดีย')).toHaveStyle({ whiteSpace: 'nowrap' });
    expect(screen.queryByRole('button', { name: /^ซื้อ / })).toBeNull();
  });

  test('says the payment system status could not be checked, with a retry', async () => {
    let calls = 0;
    mockApi({
      'GET /api/payment-system/status': () => (++calls <= 3 ? { status: 503, body: { message: 'down' } } : { body: { enabled: true } }),
    });
    const user = userEvent.setup();
    renderWallet('/profile', { children: <TopUpPanel /> });
    expect(await screen.findByText('ไม่สามารถตรวจสอบสถานะระบบชำระเงินได้', {}, { timeout: 3000 })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'ลองอีกครั้ง' }));
    expect(await screen.findAllByRole('button', { name: /^ซื้อ / })).toHaveLength(4);
  });
});

describe('PromoCodePanel (spec §2, §5, §8)', () => {
  /** The panel, with `code` typed and sent. */
  async function redeem(code: string) {
    const user = userEvent.setup();
    renderWallet('/profile', { children: <PromoCodePanel /> });
    await user.type(screen.getByRole('textbox', { name: 'โค้ดส่วนลด' }), code);
    await user.click(screen.getByRole('button', { name: 'ใช้โค้ด' }));
  }

  test('a blank code is refused with "กรุณากรอกโค้ดส่วนลด" and nothing is sent', async () => {
    const api = mockApi({});
    await redeem('   ');
    expect(await screen.findByText('กรุณากรอกโค้ดส่วนลด')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/coins/redeem')).toHaveLength(0);
  });

  test('an invalid code shows "โค้ดไม่ถูกต้องหรือหมดอายุแล้ว"', async () => {
    mockApi({ 'POST /api/coins/redeem': { status: 400, body: { message: INVALID_PROMO_MESSAGE, code: ERROR_CODES.invalidPromo } } });
    await redeem('NOPE');
    expect(await screen.findByText('โค้ดไม่ถูกต้องหรือหมดอายุแล้ว')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'โค้ดส่วนลด' })).toHaveValue('NOPE');
  });

  test('a code this member used before shows "คุณใช้โค้ดนี้ไปแล้ว", not the invalid-code text', async () => {
    mockApi({ 'POST /api/coins/redeem': { status: 409, body: { message: PROMO_ALREADY_USED_MESSAGE, code: ERROR_CODES.promoAlreadyUsed } } });
    await redeem('ONCE50');
    expect(await screen.findByText('คุณใช้โค้ดนี้ไปแล้ว')).toBeInTheDocument();
    expect(screen.queryByText('โค้ดไม่ถูกต้องหรือหมดอายุแล้ว')).toBeNull();
    expect(screen.queryByText('ไม่สามารถใช้โค้ดได้ในขณะนี้ กรุณาลองใหม่อีกครั้ง')).toBeNull();
  });

  test('any other failure gives a generic message', async () => {
    mockApi({ 'POST /api/coins/redeem': { status: 403, body: { message: 'Forbidden' } } });
    await redeem('CODE1');
    expect(await screen.findByText('ไม่สามารถใช้โค้ดได้ในขณะนี้ กรุณาลองใหม่อีกครั้ง')).toBeInTheDocument();
    expect(screen.queryByText('โค้ดไม่ถูกต้องหรือหมดอายุแล้ว')).toBeNull();
  });

  test('past the failed tries allowed (429 QUOTA) the wallet’s Thai message is shown, not the generic one, and the try is not repeated', async () => {
    const api = mockApi({ 'POST /api/coins/redeem': { status: 429, body: { message: ABUSE_MESSAGES.promoAttempts, code: ERROR_CODES.quota } } });
    await redeem('GUESS6');
    expect(await screen.findByText('กรอกโค้ดไม่ถูกต้องหลายครั้งเกินไป กรุณารอ 10 นาทีแล้วลองใหม่')).toBeInTheDocument();
    expect(screen.queryByText('ไม่สามารถใช้โค้ดได้ในขณะนี้ กรุณาลองใหม่อีกครั้ง')).toBeNull();
    expect(api.callsTo('POST', '/api/coins/redeem')).toHaveLength(1);
    expect(screen.getByRole('textbox', { name: 'โค้ดส่วนลด' })).toHaveValue('GUESS6');
  });

  test('a good code: success toast with the coins, field cleared, profile refreshed until it shows the new balance', async () => {
    let profileReads = 0;
    const api = mockApi({
      'POST /api/coins/redeem': { body: { coins: 100, balance: 1100 } },
      // identity catches up with the wallet on the second read
      [`GET /api/users/${member.id}`]: () => ({ body: { ...profile, coins: ++profileReads >= 2 ? 1100 : 1000 } }),
    });
    await redeem(' welcome ');
    expect(await screen.findByText('ใช้โค้ดสำเร็จ')).toBeInTheDocument();
    expect(screen.getByText('คุณได้รับ 100 เหรียญ')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/coins/redeem')[0]?.body).toEqual({ userId: member.id, code: 'welcome' });
    expect(screen.getByRole('textbox', { name: 'โค้ดส่วนลด' })).toHaveValue('');
    await waitFor(() => expect(profileReads).toBe(2), { timeout: 3000 });
  });
});
