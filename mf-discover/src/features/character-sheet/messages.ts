// The Thai text of the character sheet (gateway README "Share pages"; the creator's character
// page).
export const SHEET_TEXT = {
  back: 'ย้อนกลับ',
  loading: 'กำลังโหลดตัวละคร...',
  notFound: 'ไม่พบตัวละครนี้',
  notFoundDetail: 'ตัวละครอาจถูกลบ ถูกซ่อน หรือเป็นตัวละครส่วนตัว',
  home: 'กลับหน้าแรก',
  loadFailed: 'โหลดตัวละครไม่สำเร็จ',
  by: (username: string) => `โดย ${username}`,
  like: 'ถูกใจ',
  liked: 'ถูกใจแล้ว',
  startChat: 'เริ่มแชท',
  starting: 'กำลังเริ่มแชท...',
  share: 'แชร์',
  shareTitle: (name: string) => `${name} · ละคร`,
  shareText: (name: string) => `มาคุยกับ ${name} บนละครกัน`,
  linkCopied: 'คัดลอกลิงก์แล้ว',
  linkCopiedDetail: 'วางลิงก์ใน LINE หรือ Facebook เพื่อแชร์ตัวละครนี้ได้เลย',
  copyFailed: 'คัดลอกลิงก์ไม่สำเร็จ',
  edit: 'แก้ไขตัวละคร',
  privateNote: 'ตัวละครนี้เป็นแบบส่วนตัว จึงแชร์ลิงก์ไม่ได้',
  stats: 'สถิติตัวละคร',
} as const;
