import type { AdminPage } from '@lakorn/contracts/web';

// spec §2 profile, §5 username and account deletion, §8 username and logout rows.
export const PROFILE_TEXT = {
  title: 'โปรไฟล์',
  editProfile: 'แก้ไขโปรไฟล์',
  topUp: 'เติมเหรียญ',
  coins: 'เหรียญของฉัน',
  transactions: 'ประวัติการใช้เหรียญ',
  tabAccount: 'บัญชี',
  tabPersonas: 'ตัวตน',
  username: 'ชื่อผู้ใช้',
  email: 'อีเมล',
  emailHint: 'อีเมลจากบัญชีที่ใช้เข้าสู่ระบบ แก้ไขไม่ได้',
  save: 'บันทึก',
  saving: 'กำลังบันทึก...',
  cancel: 'ยกเลิก',
  saved: 'บันทึกชื่อผู้ใช้แล้ว',
  usernameRequired: 'กรุณากรอกชื่อผู้ใช้',
  usernameTooLong: 'ชื่อผู้ใช้ต้องไม่เกิน 12 ตัวอักษร',
  usernameTaken: 'ชื่อผู้ใช้นี้ถูกใช้งานแล้ว กรุณาเลือกชื่ออื่น',
  usernameFailed: 'ไม่สามารถบันทึกชื่อผู้ใช้ได้ กรุณาลองใหม่อีกครั้ง',
  logout: 'ออกจากระบบ',
  logoutFailed: 'ไม่สามารถออกจากระบบได้',
  deleteAccount: 'ลบบัญชี',
  deleteTitle: 'ลบบัญชีถาวร',
  deleteWarning: 'บัญชี ตัวละคร บทสนทนา ตัวตน และเหรียญทั้งหมดของคุณจะถูกลบและกู้คืนไม่ได้',
  deletePrompt: (username: string) => `พิมพ์ "${username}" เพื่อยืนยัน`,
  deleteConfirm: 'ลบบัญชี',
  deleting: 'กำลังลบบัญชี...',
  deleteMismatch: 'การยืนยันไม่ถูกต้อง',
  deleteFailed: 'ไม่สามารถลบบัญชีได้ กรุณาลองใหม่อีกครั้ง',
  deleted: 'ลบบัญชีเรียบร้อยแล้ว',
  adminSection: 'สำหรับผู้ดูแลระบบ',
} as const;

/** spec §2: the admin links' labels (the pages and who may open them: ADMIN_PAGES). */
export const ADMIN_LINK_TEXT: Record<AdminPage, string> = {
  news: 'จัดการข่าวสารและวันพิเศษ',
  'daily-coin-settings': 'ตั้งค่าเหรียญรายวัน',
  'payment-settings': 'ตั้งค่าระบบชำระเงิน',
  'promo-codes': 'จัดการโค้ดโปรโมชัน',
  'registration-bonus': 'โบนัสสมัครสมาชิก',
};
