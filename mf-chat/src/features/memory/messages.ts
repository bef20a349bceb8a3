// spec §2 memory dialog, §4, §8 memory save failure; beyond the spec, the story's summary and the
// pinned messages shown beside the member's own note (chat README "Memory that keeps up").
import { formatThaiNumber } from '@lakorn/ui';

export const MEMORY_TEXT = {
  title: 'ความทรงจำของห้องนี้',
  label: 'สิ่งที่อยากให้ตัวละครจำไว้',
  hint: 'ข้อความว่างคือการลบความทรงจำ',
  loading: 'กำลังโหลดความทรงจำ...',
  loadFailed: 'โหลดความทรงจำไม่สำเร็จ',
  save: 'บันทึก',
  saving: 'กำลังบันทึก...',
  cancel: 'ยกเลิก',
  saved: 'บันทึกความทรงจำแล้ว',
  deleted: 'ลบความทรงจำแล้ว',
  saveFailed: 'ไม่สามารถบันทึกความทรงจำได้ กรุณาลองใหม่อีกครั้ง',
} as const;

export const SUMMARY_TEXT = {
  heading: 'เรื่องราวที่ผ่านมา',
  label: 'สรุปเรื่องราว',
  hint: 'เมื่อบทสนทนายาวเกินกว่าที่ตัวละครจะจำได้ทั้งหมด ระบบจะสรุปช่วงก่อนหน้าไว้ให้เอง แก้ไขได้ตามต้องการ ข้อความที่คุณเขียนเพิ่มคิดเหรียญตามจำนวนตัวอักษร',
  none: 'ยังไม่มีสรุป ระบบจะเริ่มสรุปให้เมื่อบทสนทนายาวขึ้น',
  edited: 'แก้ไขโดยคุณ',
  loading: 'กำลังโหลดสรุปเรื่องราว...',
  loadFailed: 'โหลดสรุปเรื่องราวไม่สำเร็จ',
  saved: 'บันทึกสรุปเรื่องราวแล้ว',
  saveFailed: 'บันทึกสรุปเรื่องราวไม่สำเร็จ กรุณาลองใหม่อีกครั้ง',
} as const;

export const PINS_TEXT = {
  heading: 'ข้อความที่ปักหมุด',
  count: (n: number, max: number) => `${n}/${max} ข้อความ`,
  /** How much of the pins' room (the prompt's own measure) they take, in plain Thai rather than "tokens". */
  tokens: (n: number, max: number) => `ความยาว ${formatThaiNumber(n)}/${formatThaiNumber(max)}`,
  hint: 'ตัวละครจะจำข้อความที่ปักหมุดไว้เสมอ แม้บทสนทนาจะยาวแค่ไหน',
  none: 'ยังไม่มีข้อความที่ปักหมุด กดค้างที่ข้อความในแชท หรือเปิดเมนูของข้อความ แล้วเลือก "ปักหมุด"',
  you: 'คุณ',
  character: 'ตัวละคร',
  loading: 'กำลังโหลดข้อความที่ปักหมุด...',
  loadFailed: 'โหลดข้อความที่ปักหมุดไม่สำเร็จ',
  unpin: 'เลิกปักหมุด',
  unpinLabel: (preview: string) => `เลิกปักหมุด: ${preview}`,
  unpinned: 'เลิกปักหมุดแล้ว',
  unpinFailed: 'เลิกปักหมุดไม่สำเร็จ กรุณาลองใหม่อีกครั้ง',
} as const;
