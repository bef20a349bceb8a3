import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PaymentCreated, PaymentStatus } from '@lakorn/contracts/web';
import { member, mockApi } from '@lakorn/shell-sdk/testing';
import { profile, renderWallet } from './support';

const SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10"/></svg>';

function created(overrides: Partial<PaymentCreated> = {}): PaymentCreated {
  return {
    paymentIntentId: 'pi_sim_1',
    clientSecret: null,
    paymentDisabled: false,
    provider: 'simulated',
    package: { id: 'small', coins: 500, priceThb: 19 },
    amountThb: 19,
    currency: 'thb',
    expiresAt: '2025-03-05T11:00:00.000Z',
    qr: { svg: SVG },
    simulateAvailable: true,
    ...overrides,
  };
}

/** The payment API with a status the test moves. */
function paymentApi(options: { payment?: PaymentCreated; enabled?: boolean } = {}) {
  const state: { status: PaymentStatus } = { status: 'pending' };
  let n = 0;
  const api = mockApi({
    'GET /api/payment-system/status': { body: { enabled: options.enabled ?? true } },
    'POST /api/payments/promptpay': () => ({ status: 201, body: { ...(options.payment ?? created()), paymentIntentId: `pi_sim_${++n}` } }),
    'GET /api/payments/status/pi_sim_1': () => ({ body: { status: state.status, succeeded: state.status === 'succeeded', expiresAt: '2025-03-05T11:00:00.000Z' } }),
    'POST /api/payments/simulate/pi_sim_1': () => {
      state.status = 'succeeded';
      return { body: { status: 'succeeded', succeeded: true, expiresAt: '2025-03-05T11:00:00.000Z' } };
    },
    'POST /api/payments/complete': { body: { coinsAdded: 500 } },
    'GET /api/coins/balance': { body: { balance: 1500, seq: 2 } },
    [`GET /api/users/${member.id}`]: { body: { ...profile, coins: 1500 } },
  });
  return { api, state };
}

afterEach(() => {
  jest.useRealTimers();
});

describe('/payment/promptpay/{packageId} (spec §2, §4, §5, §8)', () => {
  test('refuses an unknown package in Thai (spec §5 "Invalid package selection")', async () => {
    const { api } = paymentApi();
    renderWallet('/payment/promptpay/huge');
    expect(screen.getByText('แพ็กเกจที่เลือกไม่ถูกต้อง')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/payments/promptpay')).toHaveLength(0);
  });

  test('asks to log in, in Thai, without a signed-in user', () => {
    paymentApi();
    renderWallet('/payment/promptpay/small', { user: null });
    expect(screen.getByText('กรุณาเข้าสู่ระบบเพื่อดำเนินการต่อ')).toBeInTheDocument();
  });

  test('shows the order summary, the QR, the copyable amount, the expiry and the instructions', async () => {
    const { api } = paymentApi();
    renderWallet('/payment/promptpay/small');
    const qr = await screen.findByRole('img', { name: 'QR Code สำหรับชำระเงินผ่าน PromptPay' });
    expect(qr.getAttribute('src')).toBe(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(SVG)}`);
    expect(api.callsTo('POST', '/api/payments/promptpay')[0]?.body).toEqual({ userId: member.id, package: 'small' });
    expect(screen.getByRole('heading', { name: 'สรุปคำสั่งซื้อ' })).toBeInTheDocument();
    expect(screen.getByText('แพ็กเกจเล็ก')).toBeInTheDocument();
    expect(screen.getByText('500 เหรียญ')).toBeInTheDocument();
    expect(screen.getAllByText('19.00 บาท')).toHaveLength(2);
    expect(screen.getByText(/QR Code นี้จะหมดอายุภายใน 1 ชั่วโมง/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'วิธีชำระเงิน' })).toBeInTheDocument();
    expect(screen.getByText('รอการชำระเงิน')).toBeInTheDocument();
  });

  test('copies the amount; the check icon resets after 3 seconds', async () => {
    jest.useFakeTimers({ now: new Date('2025-03-05T10:00:00Z') });
    paymentApi();
    // user-event puts its own clipboard on navigator; the page writes to it.
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    renderWallet('/payment/promptpay/small');
    await user.click(await screen.findByRole('button', { name: 'คัดลอกยอดเงิน' }));
    expect(await navigator.clipboard.readText()).toBe('19.00');
    // The icon turns once the clipboard's write has resolved.
    expect(await screen.findByRole('button', { name: 'คัดลอกแล้ว' })).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(2900));
    expect(screen.getByRole('button', { name: 'คัดลอกแล้ว' })).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(200));
    expect(screen.getByRole('button', { name: 'คัดลอกยอดเงิน' })).toBeInTheDocument();
  });

  test('polls every 5 s: waiting → processing → success; then completes, toasts the coins and goes to /profile after 3 s', async () => {
    jest.useFakeTimers();
    const { api, state } = paymentApi();
    renderWallet('/payment/promptpay/small');
    await screen.findByText('รอการชำระเงิน');
    expect(api.callsTo('GET', '/api/payments/status/pi_sim_1')).toHaveLength(0);

    state.status = 'processing';
    await act(async () => jest.advanceTimersByTime(5000));
    expect(await screen.findByText('กำลังดำเนินการ')).toBeInTheDocument();
    expect(api.callsTo('GET', '/api/payments/status/pi_sim_1')).toHaveLength(1);

    state.status = 'succeeded';
    await act(async () => jest.advanceTimersByTime(5000));
    expect(await screen.findByText('ชำระเงินสำเร็จ', { selector: 'div' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('ได้รับ 500 เหรียญ แล้ว')).toBeInTheDocument());
    expect(api.callsTo('POST', '/api/payments/complete')[0]?.body).toEqual({ paymentIntentId: 'pi_sim_1' });

    // Polling has stopped.
    await act(async () => jest.advanceTimersByTime(2000));
    expect(api.callsTo('GET', '/api/payments/status/pi_sim_1')).toHaveLength(2);
    expect(screen.getByTestId('location')).toHaveTextContent('/payment/promptpay/small');
    await act(async () => jest.advanceTimersByTime(1000));
    expect(screen.getByTestId('location')).toHaveTextContent('/profile');
    expect(api.callsTo('POST', '/api/payments/complete')).toHaveLength(1);
  });

  test('offers the clearly labelled simulate action for the simulated provider, which pays at once', async () => {
    const { api } = paymentApi();
    const user = userEvent.setup();
    renderWallet('/payment/promptpay/small');
    expect(await screen.findByText('โหมดทดสอบ: ระบบชำระเงินจำลอง')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'จำลองการชำระเงิน (ทดสอบ)' }));
    expect(await screen.findByText('ได้รับ 500 เหรียญ แล้ว')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/payments/simulate/pi_sim_1')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'จำลองการชำระเงิน (ทดสอบ)' })).toBeNull();
  });

  test('a Stripe payment shows Stripe’s QR image and no simulate action', async () => {
    paymentApi({ payment: created({ provider: 'stripe', simulateAvailable: false, qr: { imageUrlSvg: 'https://qr.stripe.test/a.svg', imageUrlPng: 'https://qr.stripe.test/a.png' } }) });
    renderWallet('/payment/promptpay/small');
    const qr = await screen.findByRole('img', { name: 'QR Code สำหรับชำระเงินผ่าน PromptPay' });
    expect(qr.getAttribute('src')).toBe('https://qr.stripe.test/a.svg');
    fireEvent.error(qr);
    expect(screen.getByRole('img', { name: 'QR Code สำหรับชำระเงินผ่าน PromptPay' }).getAttribute('src')).toBe('https://qr.stripe.test/a.png');
    expect(screen.queryByText('โหมดทดสอบ: ระบบชำระเงินจำลอง')).toBeNull();
  });

  test('a QR that cannot load says "ไม่สามารถโหลด QR Code ได้" and retry makes a new one', async () => {
    const { api } = paymentApi({ payment: created({ qr: { imageUrlPng: 'https://qr.stripe.test/broken.png' } }) });
    const user = userEvent.setup();
    renderWallet('/payment/promptpay/small');
    fireEvent.error(await screen.findByRole('img', { name: 'QR Code สำหรับชำระเงินผ่าน PromptPay' }));
    expect(screen.getByText('ไม่สามารถโหลด QR Code ได้ กรุณาลองใหม่อีกครั้ง')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'ลองอีกครั้ง' }));
    await screen.findByRole('img', { name: 'QR Code สำหรับชำระเงินผ่าน PromptPay' });
    expect(api.callsTo('POST', '/api/payments/promptpay')).toHaveLength(2);
  });

  test('an expired QR says so and offers a new one', async () => {
    jest.useFakeTimers();
    const { api, state } = paymentApi();
    renderWallet('/payment/promptpay/small');
    await screen.findByText('รอการชำระเงิน');
    state.status = 'expired';
    await act(async () => jest.advanceTimersByTime(5000));
    expect(await screen.findByText('QR Code หมดอายุแล้ว')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'สร้าง QR Code ใหม่' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/payments/promptpay')).toHaveLength(2));
  });

  test('a payment refunded because the account was deleted says so, stops polling, offers no simulate and never toasts coins', async () => {
    jest.useFakeTimers();
    const { api, state } = paymentApi();
    renderWallet('/payment/promptpay/small');
    await screen.findByText('รอการชำระเงิน');
    state.status = 'refunded';
    await act(async () => jest.advanceTimersByTime(5000));
    expect(await screen.findByText('บัญชีนี้ถูกลบแล้ว จึงคืนเงินการชำระนี้แทนการเติมเหรียญ')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'จำลองการชำระเงิน (ทดสอบ)' })).not.toBeInTheDocument();
    const polls = api.callsTo('GET', '/api/payments/status/pi_sim_1').length;
    await act(async () => jest.advanceTimersByTime(15000));
    expect(api.callsTo('GET', '/api/payments/status/pi_sim_1')).toHaveLength(polls);
    expect(api.callsTo('POST', '/api/payments/complete')).toHaveLength(0);
  });

  test('with the payment system off, shows the contact message and makes no payment', async () => {
    const { api } = paymentApi({ enabled: false });
    renderWallet('/payment/promptpay/small');
    expect(await screen.findByText('ระบบชำระเงินยังไม่เปิดให้บริการ')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/payments/promptpay')).toHaveLength(0);
  });

  test('a payment refused as disabled (switched off meanwhile) shows the contact message', async () => {
    mockApi({
      'GET /api/payment-system/status': { body: { enabled: true } },
      'POST /api/payments/promptpay': { status: 403, body: { message: 'closed', code: 'PAYMENT_DISABLED', paymentDisabled: true } },
    });
    renderWallet('/payment/promptpay/small');
    expect(await screen.findByText('ระบบชำระเงินยังไม่เปิดให้บริการ')).toBeInTheDocument();
  });

  test('a failed creation says "ไม่สามารถชำระเงินได้ กรุณาลองใหม่ภายหลัง" with a retry', async () => {
    let calls = 0;
    mockApi({
      'GET /api/payment-system/status': { body: { enabled: true } },
      'POST /api/payments/promptpay': () => (++calls === 1 ? { status: 400, body: { message: 'nope' } } : { status: 201, body: created() }),
    });
    const user = userEvent.setup();
    renderWallet('/payment/promptpay/small');
    expect(await screen.findByText('ไม่สามารถชำระเงินได้ กรุณาลองใหม่ภายหลัง')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'ลองอีกครั้ง' }));
    expect(await screen.findByRole('img', { name: 'QR Code สำหรับชำระเงินผ่าน PromptPay' })).toBeInTheDocument();
  });

  test('a refusal the server words in English is shown in Thai by its code, never as sent', async () => {
    mockApi({
      'GET /api/payment-system/status': { body: { enabled: true } },
      'POST /api/payments/promptpay': { status: 400, body: { message: 'Invalid package selection', code: 'INVALID_PACKAGE' } },
    });
    renderWallet('/payment/promptpay/small');
    expect(await screen.findByText('แพ็กเกจที่เลือกไม่ถูกต้อง')).toBeInTheDocument();
    expect(screen.queryByText(/Invalid package selection/)).toBeNull();
  });

  test('says the payment system status could not be checked when that fails', async () => {
    mockApi({ 'GET /api/payment-system/status': { status: 500, body: { message: 'x' } } });
    renderWallet('/payment/promptpay/small');
    expect(await screen.findByText('ไม่สามารถตรวจสอบสถานะระบบชำระเงินได้', {}, { timeout: 3000 })).toBeInTheDocument();
  });
});

describe('saving the PromptPay QR (Thai bank apps pay from a saved picture)', () => {
  const original = { share: navigator.share, canShare: navigator.canShare, createObjectURL: URL.createObjectURL, revokeObjectURL: URL.revokeObjectURL, Image: global.Image };
  let drawn: string[] = [];
  beforeEach(() => {
    drawn = [];
    // jsdom has no raster canvas and loads no images: a canvas that records what it draws and
    // answers a PNG, and an image that loads as soon as it has a source.
    jest.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(function (this: HTMLCanvasElement) {
      return { fillRect: () => undefined, drawImage: (img: HTMLImageElement) => drawn.push(img.src), set fillStyle(_v: string) {} } as never;
    });
    jest.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation(function (this: HTMLCanvasElement, done: BlobCallback, type?: string) {
      done(new Blob([`png ${this.width}x${this.height}`], { type: type ?? 'image/png' }));
    });
    global.Image = class {
      onload: (() => void) | null = null;
      onerror: (() => void) | null = null;
      crossOrigin = '';
      private source = '';
      get src() { return this.source; }
      set src(value: string) { this.source = value; queueMicrotask(() => this.onload?.()); }
    } as unknown as typeof Image;
    URL.createObjectURL = jest.fn(() => 'blob:qr-1');
    URL.revokeObjectURL = jest.fn();
  });
  afterEach(() => {
    jest.restoreAllMocks();
    Object.assign(navigator, { share: original.share, canShare: original.canShare });
    URL.createObjectURL = original.createObjectURL;
    URL.revokeObjectURL = original.revokeObjectURL;
    global.Image = original.Image;
  });

  test('downloads the QR as a PNG picture where the browser has no share sheet for files', async () => {
    Object.assign(navigator, { share: undefined, canShare: undefined });
    const clicked: HTMLAnchorElement[] = [];
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    paymentApi();
    const user = userEvent.setup();
    renderWallet('/payment/promptpay/small');
    await user.click(await screen.findByRole('button', { name: 'บันทึกรูป QR Code' }));
    await waitFor(() => expect(clicked).toHaveLength(1));
    expect(clicked[0]!.download).toMatch(/^promptpay-.*\.png$/);
    expect(clicked[0]!.href).toBe('blob:qr-1');
    const [picture] = (URL.createObjectURL as jest.Mock).mock.calls[0] as [Blob];
    expect(picture.type).toBe('image/png');
    expect(drawn).toEqual([`data:image/svg+xml;charset=utf-8,${encodeURIComponent(SVG)}`]);
    expect(await screen.findByText('บันทึกรูป QR Code แล้ว')).toBeInTheDocument();
  });

  test('opens the share sheet with the PNG file where the browser can share files', async () => {
    const share = jest.fn(async () => undefined);
    Object.assign(navigator, { share, canShare: (data: ShareData) => Boolean(data.files?.length) });
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    paymentApi();
    const user = userEvent.setup();
    renderWallet('/payment/promptpay/small');
    await user.click(await screen.findByRole('button', { name: 'บันทึกรูป QR Code' }));
    await waitFor(() => expect(share).toHaveBeenCalledTimes(1));
    const [data] = share.mock.calls[0] as unknown as [ShareData];
    expect(data.files).toHaveLength(1);
    expect(data.files![0]!.type).toBe('image/png');
    expect(data.files![0]!.name).toMatch(/^promptpay-.*\.png$/);
    expect(click).not.toHaveBeenCalled();
  });

  test('a share sheet closed by the member saves nothing and says nothing', async () => {
    const share = jest.fn(async () => {
      throw new DOMException('cancelled', 'AbortError');
    });
    Object.assign(navigator, { share, canShare: () => true });
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    paymentApi();
    const user = userEvent.setup();
    renderWallet('/payment/promptpay/small');
    await user.click(await screen.findByRole('button', { name: 'บันทึกรูป QR Code' }));
    await waitFor(() => expect(share).toHaveBeenCalledTimes(1));
    expect(click).not.toHaveBeenCalled();
    expect(screen.queryByText('บันทึกรูป QR Code ไม่สำเร็จ')).toBeNull();
  });
});
