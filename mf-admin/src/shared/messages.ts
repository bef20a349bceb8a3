// Texts shared by every admin page: the no-access screens (spec §2, each page has its own wording
// and way out; the same words as the shell's admin gate, which normally shows them first) and the
// common load/save words.

export type AdminPage = 'news' | 'daily-coin-settings' | 'payment-settings' | 'promo-codes' | 'registration-bonus';

export interface NoAccessText {
  title: string;
  text?: string;
  /** Where the page's one way out goes: back (-1) or the home page. */
  exit: { kind: 'back'; label: string } | { kind: 'home-link'; label: string } | { kind: 'home-button'; label: string } | { kind: 'none' };
}

export const NO_ACCESS: Record<AdminPage, NoAccessText> = {
  /** spec §2 Admin news: a no-access message with a back button. */
  news: { title: 'ไม่มีสิทธิ์เข้าถึง', text: 'คุณไม่มีสิทธิ์เข้าถึงหน้านี้', exit: { kind: 'back', label: 'ย้อนกลับ' } },
  /** spec §2 Daily coin settings: no-access with a link to /. */
  'daily-coin-settings': {
    title: 'ไม่มีสิทธิ์เข้าถึง',
    text: 'หน้านี้สำหรับผู้ดูแลระบบเท่านั้น',
    exit: { kind: 'home-link', label: 'กลับหน้าหลัก' },
  },
  /** spec §2 Payment settings: only the one configured account; others get a button home. */
  'payment-settings': {
    title: 'ไม่มีสิทธิ์เข้าถึง',
    text: 'เฉพาะบัญชีผู้ดูแลระบบที่กำหนดไว้เท่านั้นที่ตั้งค่าระบบชำระเงินได้',
    exit: { kind: 'home-button', label: 'กลับหน้าหลัก' },
  },
  /** spec §2 Promo codes: the card's words, verbatim. */
  'promo-codes': { title: 'Admin Area - You do not have permission to access this area', exit: { kind: 'none' } },
  /** spec §2 Registration bonus: 'no permission, only administrators can access this setting' with a back-home button. */
  'registration-bonus': {
    title: 'ไม่มีสิทธิ์',
    text: 'เฉพาะผู้ดูแลระบบเท่านั้นที่สามารถเข้าถึงการตั้งค่านี้ได้',
    exit: { kind: 'home-button', label: 'กลับหน้าหลัก' },
  },
};

export const COMMON = {
  /** spec §2 Payment settings: a spinner while the profile loads (every page does the same). */
  checkingAccess: 'กำลังตรวจสอบสิทธิ์...',
} as const;
