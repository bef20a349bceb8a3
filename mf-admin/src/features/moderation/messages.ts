import type { AuditAction } from '@lakorn/contracts/web';
import { formatCoins, THAI_WEEKDAYS } from '@lakorn/ui';

// The Thai texts of /admin/moderation: the report queue, the direct controls and the audit log
// (catalog README "Moderation and the age gate"). Reason labels and the hidden reasons come
// from contracts (REPORT_REASON_LABELS, hiddenReasonLabel), shared with members' screens.

/** The audit log's target kinds; an unknown kind shows as it is. */
const AUDIT_TARGET_TEXT: Record<string, string> = {
  character: 'ตัวละคร',
  report: 'รายงาน',
  news: 'ข่าว',
  specialDay: 'วันเช็คอินพิเศษ',
  dayOfWeek: 'วันในสัปดาห์',
  setting: 'การตั้งค่า',
  promoCode: 'โค้ดโปรโมชัน',
};
const AUDIT_SETTING_TEXT: Record<string, string> = { paymentSystem: 'ระบบชำระเงิน', registrationBonus: 'โบนัสสมัครสมาชิก' };

/**
 * What an entry acted on, as admins read it: a weekday or a setting by name, a code, news or special
 * day by the `name` the log gives it (AuditLog's targetNames), one whose name the log no longer holds
 * as removed; a kind this screen does not know as the server wrote it.
 */
function auditTarget(type: string, id: string, name: string | undefined): string {
  if (type === 'dayOfWeek') return THAI_WEEKDAYS.long[Number(id)] ?? id;
  if (type === 'setting') return `${AUDIT_TARGET_TEXT.setting} ${AUDIT_SETTING_TEXT[id] ?? id}`;
  const kind = AUDIT_TARGET_TEXT[type];
  if (!kind) return `${type} ${id}`;
  return name ? `${kind} ${name}` : `${kind}ที่ลบไปแล้ว`;
}

export const MODERATION_TEXT = {
  title: 'ตรวจสอบตัวละคร',
  back: 'ย้อนกลับ',
  tabsLabel: 'ส่วนของการตรวจสอบ',
  tabReports: 'รายงาน',
  tabCharacter: 'จัดการตัวละคร',
  tabAudit: 'บันทึก',
  auditLabel: 'บันทึกการดำเนินการของผู้ดูแล',
  // The queue
  showOpen: 'รอตรวจสอบ',
  showAll: 'ทั้งหมด',
  filterLabel: 'แสดงรายงาน',
  loading: 'กำลังโหลดรายงาน...',
  loadFailed: 'โหลดรายงานไม่สำเร็จ กรุณาลองใหม่อีกครั้ง',
  emptyOpen: 'ไม่มีรายงานที่รอตรวจสอบ',
  emptyAll: 'ยังไม่มีรายงาน',
  loadMore: 'ดูเพิ่มเติม',
  loadMoreFailed: 'โหลดเพิ่มเติมไม่สำเร็จ',
  deletedCharacter: 'ตัวละครถูกลบแล้ว',
  owner: (username: string) => `เจ้าของ: ${username || 'ไม่ทราบชื่อ'}`,
  // relativeTime answers 'เมื่อสักครู่' or '3 นาทีที่แล้ว'.
  reportedAt: (when: string) => `รายงาน ${when}`,
  openCount: (n: number) => `รอตรวจ ${n} รายงาน`,
  totalCount: (n: number) => `ทั้งหมด ${n} ครั้ง`,
  noDetails: 'ไม่มีรายละเอียดเพิ่มเติม',
  status: { open: 'รอตรวจสอบ', hidden: 'ซ่อนแล้ว', dismissed: 'ยกเลิกแล้ว' },
  hiddenPill: 'ซ่อนอยู่',
  adultPill: '18+',
  hide: 'ซ่อนตัวละคร',
  hiding: 'กำลังซ่อน...',
  dismiss: 'ยกเลิกรายงาน',
  dismissing: 'กำลังยกเลิก...',
  manage: 'จัดการ',
  hideTitle: (name: string) => `ซ่อน ${name}?`,
  hideMessage:
    'สมาชิกคนอื่นจะไม่เห็นตัวละครนี้ในหน้าค้นหาและยอดนิยม เปิดดูไม่ได้ และแชทที่มีอยู่จะส่งข้อความต่อไม่ได้ รายงานที่รอตรวจของตัวละครนี้จะปิดทั้งหมด เปิดแสดงอีกครั้งได้ที่ "จัดการตัวละคร"',
  hideDirectMessage: 'สมาชิกคนอื่นจะไม่เห็นตัวละครนี้ในหน้าค้นหาและยอดนิยม เปิดดูไม่ได้ และแชทที่มีอยู่จะส่งข้อความต่อไม่ได้ เจ้าของยังเห็นตัวละครพร้อมเหตุผล',
  hidden: (name: string) => `ซ่อน ${name} แล้ว`,
  dismissed: 'ยกเลิกรายงานแล้ว',
  resolveFailed: 'ดำเนินการไม่สำเร็จ กรุณาลองใหม่อีกครั้ง',
  alreadyResolved: 'รายงานนี้ถูกดำเนินการไปแล้ว',
  // Direct controls
  lookupLabel: 'รหัสตัวละคร หรือลิงก์ /c/…',
  lookupHint: 'วางรหัสหรือลิงก์แชร์ของตัวละคร',
  lookup: 'ค้นหา',
  lookupFailed: 'ไม่พบตัวละครนี้',
  characterLoading: 'กำลังโหลดตัวละคร...',
  controlsTitle: (name: string) => `จัดการ ${name}`,
  visibility: 'การแสดงผล',
  hiddenSwitch: 'ซ่อนตัวละครนี้',
  hiddenOn: 'ซ่อนอยู่: สมาชิกคนอื่นไม่เห็นและคุยต่อไม่ได้',
  hiddenOff: 'แสดงตามปกติ',
  hiddenBecause: (label: string) => `เหตุผล: ${label}`,
  adult: 'อายุผู้ชม',
  adultFollow: 'ตามสไปซี่',
  adultAlways: '18+ เสมอ',
  adultNever: 'ทุกวัย',
  adultFollowHint: (spicy: boolean) => (spicy ? 'ตอนนี้เป็น 18+ เพราะผู้สร้างเปิดสไปซี่' : 'ตอนนี้เป็นทุกวัย เพราะไม่ได้เปิดสไปซี่'),
  adultNow: (adult: boolean) => (adult ? 'ตอนนี้เป็น 18+ ตามที่ผู้ดูแลระบบกำหนด' : 'ตอนนี้เป็นทุกวัย ตามที่ผู้ดูแลระบบกำหนด'),
  saved: 'บันทึกแล้ว',
  saveFailed: 'บันทึกไม่สำเร็จ กรุณาลองใหม่อีกครั้ง',
  saving: 'กำลังบันทึก...',
  close: 'ปิด',
  // Audit
  auditLoading: 'กำลังโหลดบันทึก...',
  auditFailed: 'โหลดบันทึกไม่สำเร็จ กรุณาลองใหม่อีกครั้ง',
  auditEmpty: 'ยังไม่มีการดำเนินการ',
  by: (email: string) => `โดย ${email}`,
  target: auditTarget,
  /** A character by name (the catalog's), or said to be gone when the catalog no longer has it. */
  targetCharacter: (name: string | null) => (name === null ? 'ตัวละครที่ลบไปแล้ว' : `ตัวละคร ${name}`),
  targetReport: (name: string | null) => (name === null ? 'รายงานเรื่องตัวละครที่ลบไปแล้ว' : `รายงานเรื่องตัวละคร ${name}`),
  characterNameLoading: '...',
  // What changed in other admins' writes (checkin's and wallet's entries).
  newsTitle: (title: string) => `หัวข้อ: ${title}`,
  coins: (n: number) => `${formatCoins(n)} เหรียญ`,
  code: (code: string) => `โค้ด ${code}`,
  maxUses: (n: number | null) => (n === null ? 'ใช้ได้ไม่จำกัด' : `ใช้ได้ ${n} ครั้ง`),
  active: (on: boolean) => (on ? 'เปิดใช้งาน' : 'ปิดใช้งาน'),
  payments: (on: boolean) => (on ? 'เปิดรับชำระเงิน' : 'ปิดรับชำระเงิน'),
} as const;


/** The audit log's actions as admins read them (AUDIT_ACTIONS; another service's name shows as it is). */
export const AUDIT_ACTION_TEXT: Record<AuditAction, string> = {
  'report.hide': 'ซ่อนตัวละครจากรายงาน',
  'report.dismiss': 'ยกเลิกรายงาน',
  'character.moderation': 'เปลี่ยนการแสดงผลของตัวละคร',
  'news.publish': 'ลงข่าว',
  'news.remove': 'ลบข่าว',
  'specialDay.add': 'เพิ่มวันเช็คอินพิเศษ',
  'specialDay.remove': 'ลบวันเช็คอินพิเศษ',
  'dailyCoins.set': 'ตั้งเหรียญเช็คอินรายวัน',
  'paymentSystem.set': 'ตั้งค่าระบบชำระเงิน',
  'registrationBonus.set': 'ตั้งโบนัสสมัครสมาชิก',
  'promoCode.create': 'สร้างโค้ดโปรโมชัน',
  'promoCode.setActive': 'เปลี่ยนสถานะโค้ดโปรโมชัน',
  'promoCode.remove': 'ลบโค้ดโปรโมชัน',
};
