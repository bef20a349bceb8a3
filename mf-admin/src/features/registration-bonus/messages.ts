import { REGISTRATION_BONUS_MAX } from '@lakorn/contracts/web';
import { formatThaiNumber } from '@lakorn/ui';

// Texts of /admin/registration-bonus, in Thai. The spec gives this screen in English (unit COINS,
// 'Invalid value' / 'Please enter a positive number only', 'Failed to fetch registration bonus
// setting'); each keeps its meaning here (README "Refinements of the spec").

export const BONUS_TEXT = {
  title: 'โบนัสสมัครสมาชิก',
  back: 'ย้อนกลับ',
  label: 'เหรียญที่สมาชิกใหม่แต่ละคนได้รับ',
  /** spec §2: the unit COINS. */
  unit: 'เหรียญ',
  save: 'บันทึก',
  saving: 'กำลังบันทึก...',
  current: 'ค่าปัจจุบัน',
  hint: 'สมาชิกใหม่ทุกคนจะได้รับเหรียญจำนวนนี้ครั้งเดียวเมื่อเข้าสู่ระบบครั้งแรก ใส่ 0 หากไม่ต้องการให้ สมาชิกที่สมัครไว้แล้วจะไม่ได้รับผลกระทบ',
  /** spec §5: toast 'Invalid value' with 'Please enter a positive number only'. */
  invalidTitle: 'ค่าไม่ถูกต้อง',
  invalidBody: 'กรุณากรอกเฉพาะจำนวนเต็มตั้งแต่ 0 ขึ้นไป',
  tooLarge: `กรุณากรอกไม่เกิน ${formatThaiNumber(REGISTRATION_BONUS_MAX)}`,
  saved: 'บันทึกโบนัสสมัครสมาชิกแล้ว',
  savedBody: (coins: string) => `สมาชิกใหม่จะได้รับ ${coins} เหรียญ`,
  /** spec §8: the bonus could not be set, with a generic 'error occurred, try again later'. */
  saveFailed: 'ไม่สามารถตั้งค่าโบนัสสมัครสมาชิกได้',
  saveFailedBody: 'เกิดข้อผิดพลาด กรุณาลองใหม่ภายหลัง',
  loading: 'กำลังโหลด...',
  /** spec §8 'Failed to fetch registration bonus setting'. */
  loadFailed: 'ไม่สามารถโหลดการตั้งค่าโบนัสสมัครสมาชิกได้',
  retry: 'ลองอีกครั้ง',
} as const;
