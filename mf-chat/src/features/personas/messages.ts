import { LIMITS } from '@lakorn/contracts/web';

// spec §2 profile "personas tab", §5 persona rules, §8 persona failures (English in the spec).
export const PERSONA_TEXT = {
  title: 'ตัวตนของฉัน',
  intro: 'ตัวตนคือบทบาทที่คุณใช้คุยกับตัวละคร เลือกได้ในแต่ละห้องแชท',
  create: 'สร้างตัวตนใหม่',
  limitReached: `สร้างได้สูงสุด ${LIMITS.personasPerUser} ตัวตน`,
  empty: 'ยังไม่มีตัวตน',
  emptyHint: 'สร้างตัวตนเพื่อสวมบทบาทใหม่ในการแชท',
  loadFailed: 'โหลดตัวตนไม่สำเร็จ',
  edit: (name: string) => `แก้ไข ${name}`,
  remove: (name: string) => `ลบ ${name}`,
  createTitle: 'สร้างตัวตนใหม่',
  editTitle: 'แก้ไขตัวตน',
  name: 'ชื่อ',
  appearance: 'รูปลักษณ์',
  personality: 'บุคลิกภาพ',
  background: 'ภูมิหลัง',
  requiredHint: 'จำเป็นต้องกรอกทุกช่อง',
  save: 'บันทึก',
  saving: 'กำลังบันทึก...',
  cancel: 'ยกเลิก',
  deleteTitle: 'ลบตัวตนนี้?',
  deleteMessage: (name: string) => `ตัวตน "${name}" จะถูกลบ ห้องแชทที่ใช้ตัวตนนี้จะกลับไปใช้ตัวตนหลัก`,
  deleteConfirm: 'ลบ',
  deleting: 'กำลังลบ...',
  created: 'สร้างตัวตนแล้ว',
  updated: 'บันทึกตัวตนแล้ว',
  deleted: 'ลบตัวตนแล้ว',
  // spec §8 "Persona failures": 'Failed to create/update/delete persona' plus the server message.
  createFailed: 'Failed to create persona',
  updateFailed: 'Failed to update persona',
  deleteFailed: 'Failed to delete persona',
  // The chat screen's picker (spec §2, §4 persona per chat).
  pickerLabel: 'คุยในฐานะ',
  mainIdentity: 'ตัวตนหลัก',
  pickerFailed: 'เปลี่ยนตัวตนไม่สำเร็จ',
} as const;
