import { PROMO } from '@lakorn/contracts/web';
import { formatThaiNumber } from '@lakorn/ui';

// Texts of /admin/promo-codes, in Thai. The spec gives this screen in English ('Copied!', 'Are you
// sure you want to delete this code?', 'Code must contain only letters and numbers', 'Failed to …
// promo code: {message}' under 'Error'); each keeps its meaning here (README "Refinements of the spec").

export const PROMO_TEXT = {
  title: 'โค้ดโปรโมชัน',
  back: 'ย้อนกลับ',
  refresh: 'โหลดใหม่',
  create: 'สร้างโค้ด',
  tableLabel: 'รายการโค้ดโปรโมชัน',
  columns: { code: 'โค้ด', coins: 'เหรียญ', type: 'ประเภท', usage: 'การใช้', status: 'สถานะ', created: 'วันที่สร้าง', actions: 'จัดการ' },
  types: { limited: 'จำกัดจำนวน', unlimited: 'ไม่จำกัด' },
  usage: (used: number, max: number | null) => (max === null ? `${used} / ∞` : `${used} / ${max}`),
  active: 'เปิดใช้งาน',
  inactive: 'ปิดใช้งาน',
  copy: (code: string) => `คัดลอก ${code}`,
  toggle: (code: string) => `เปิดใช้งาน ${code}`,
  delete: (code: string) => `ลบ ${code}`,
  /** spec §2: the copy toast ('Copied!'). */
  copied: 'คัดลอกแล้ว',
  copyFailed: 'คัดลอกโค้ดไม่สำเร็จ',
  /** spec §2: the delete confirm prompt ('Are you sure you want to delete this code?'). */
  deleteTitle: 'ลบโค้ดโปรโมชัน',
  deleteConfirm: 'คุณแน่ใจหรือไม่ว่าต้องการลบโค้ดนี้?',
  deleteButton: 'ลบ',
  deleting: 'กำลังลบ...',
  cancel: 'ยกเลิก',
  deleted: 'ลบโค้ดโปรโมชันแล้ว',
  /** spec §8: toast title 'Error' with 'Failed to create / update / delete promo code: {message}' (adminErrorText). */
  errorTitle: 'เกิดข้อผิดพลาด',
  createFailed: (message: string) => `สร้างโค้ดโปรโมชันไม่สำเร็จ: ${message}`,
  updateFailed: (message: string) => `อัปเดตโค้ดโปรโมชันไม่สำเร็จ: ${message}`,
  deleteFailed: (message: string) => `ลบโค้ดโปรโมชันไม่สำเร็จ: ${message}`,
  loading: 'กำลังโหลดโค้ดโปรโมชัน...',
  /** spec §8: 'cannot load data, try again later' with a retry button. */
  loadFailed: 'ไม่สามารถโหลดข้อมูลได้ กรุณาลองใหม่ภายหลัง',
  retry: 'ลองอีกครั้ง',
  empty: 'ยังไม่มีโค้ดโปรโมชัน',
  emptyHint: 'สร้างโค้ดให้สมาชิกนำไปใช้รับเหรียญได้ที่หน้าโปรไฟล์',

  dialogTitle: 'สร้างโค้ดโปรโมชัน',
  generateRandom: 'สุ่มโค้ดให้อัตโนมัติ',
  codeLabel: 'โค้ด',
  codePlaceholder: 'เช่น SONGKRAN2025',
  codeHint: `ตัวอักษรภาษาอังกฤษหรือตัวเลข ${PROMO.codeMinLength}-${PROMO.codeMaxLength} ตัว เว้นว่างไว้เพื่อสุ่มโค้ด`,
  codeLength: `โค้ดต้องยาว ${PROMO.codeMinLength}-${PROMO.codeMaxLength} ตัวอักษร`,
  /** spec §5 'Code must contain only letters and numbers'. */
  codeCharset: 'โค้ดต้องเป็นตัวอักษรภาษาอังกฤษหรือตัวเลขเท่านั้น',
  coinsLabel: 'จำนวนเหรียญ',
  coinsRange: `จำนวนเหรียญต้องอยู่ระหว่าง ${PROMO.coinsMin} ถึง ${formatThaiNumber(PROMO.coinsMax)}`,
  typeLabel: 'ประเภท',
  maxUsesLabel: 'จำนวนครั้งที่ใช้ได้',
  maxUsesHint: 'จำนวนสมาชิกที่ใช้โค้ดนี้ได้ (คนละหนึ่งครั้ง)',
  maxUsesMin: `จำนวนครั้งที่ใช้ได้ต้องไม่น้อยกว่า ${PROMO.maxUsesMin}`,
  submit: 'สร้าง',
  submitting: 'กำลังสร้าง...',
  created: 'สร้างโค้ดโปรโมชันแล้ว',
} as const;
