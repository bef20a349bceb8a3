// Thai strings shared by the top-up panel and the payment page (spec §2, §8).
import { formatCoins } from '@lakorn/ui';

export const SHARED_TEXT = {
  coins: 'เหรียญ',
  retry: 'ลองอีกครั้ง',
  /** spec §8 "payment system disabled": not open yet, contact the provider through social media. */
  paymentDisabledTitle: 'ระบบชำระเงินยังไม่เปิดให้บริการ',
  paymentDisabledBody: 'ขณะนี้ยังไม่สามารถเติมเหรียญผ่านระบบได้ หากต้องการเติมเหรียญ กรุณาติดต่อเราทางเพจโซเชียลมีเดีย',
  /** spec §8 payment status fetch failure, as the payment page shows it. */
  paymentStatusFailed: 'ไม่สามารถตรวจสอบสถานะระบบชำระเงินได้',
} as const;

export const coinsText = (n: number) => `${formatCoins(n)} เหรียญ`;
