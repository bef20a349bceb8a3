import type { NewsType } from '@lakorn/contracts/web';

// Thai texts of /admin/news (spec §2 Admin news, §5 special day and news rules, §8 admin rows).
// The spec paraphrases these in English; ARCHITECTURE §9 keeps user-facing text Thai.

export const ADMIN_NEWS_TEXT = {
  /** spec §2: title 'manage news'. */
  title: 'จัดการข่าวสาร',
  /** spec §2: back goes to /news. */
  back: 'กลับไปหน้าข่าวสาร',
  /** spec §2: the button to coin settings (/admin/daily-coin-settings). */
  coinSettings: 'ตั้งค่าเหรียญ',
  tabsLabel: 'ประเภทข้อมูล',
  tabNews: 'ข่าวสาร',
  tabSpecialDays: 'วันพิเศษ',
  loading: 'กำลังโหลดข้อมูล...',
  loadFailed: 'ไม่สามารถโหลดข้อมูลได้ กรุณาลองใหม่ภายหลัง',
  retry: 'ลองอีกครั้ง',
  cancel: 'ยกเลิก',
  save: 'บันทึก',
  saving: 'กำลังบันทึก...',
} as const;

export const NEWS_TAB_TEXT = {
  add: 'เพิ่มข่าวสาร',
  listLabel: 'รายการข่าวสาร',
  empty: 'ยังไม่มีข่าวสาร',
  emptyHint: 'กด "เพิ่มข่าวสาร" เพื่อประกาศข่าวหรือกิจกรรมใหม่',
  withImage: 'มีรูปภาพ',
  deleteLabel: (title: string) => `ลบข่าว ${title}`,
  /** The list's type labels; the same words /news shows. */
  types: { update: 'อัปเดต', event: 'กิจกรรม', announcement: 'ประกาศ' } satisfies Record<NewsType, string>,
  dialogTitle: 'เพิ่มข่าวสาร',
  titleLabel: 'หัวข้อข่าว',
  titlePlaceholder: 'เช่น กิจกรรมสงกรานต์รับเหรียญพิเศษ',
  typeLabel: 'ประเภท',
  contentLabel: 'เนื้อหา',
  contentPlaceholder: 'รายละเอียดของข่าวหรือกิจกรรม',
  imageLabel: 'รูปภาพ (ไม่บังคับ)',
  imageHint: 'ข่าวที่มีรูปภาพจะแสดงในแบนเนอร์หน้าข่าวสาร (JPG, PNG, WebP หรือ GIF ไม่เกิน 5 MB)',
  chooseImage: 'เลือกรูปภาพ',
  changeImage: 'เปลี่ยนรูปภาพ',
  removeImage: 'ลบรูปภาพ',
  uploading: 'กำลังอัปโหลดรูปภาพ...',
  imagePreview: 'ตัวอย่างรูปภาพข่าว',
  /** spec §5 image upload rules and §8 upload failure. */
  invalidFile: 'ไฟล์ไม่ถูกต้อง',
  fileTooLarge: 'ไฟล์ขนาดใหญ่เกินไป',
  uploadFailed: 'ไม่สามารถอัปโหลดรูปภาพได้',
  /** spec §8: 'cannot add news' with the server message or generic text; success toast 'news added'. */
  addFailed: 'ไม่สามารถเพิ่มข่าวสารได้',
  added: 'เพิ่มข่าวสารสำเร็จ',
} as const;

export const SPECIAL_DAY_TEXT = {
  add: 'เพิ่มวันพิเศษ',
  listLabel: 'รายการวันพิเศษ',
  empty: 'ยังไม่มีวันพิเศษ',
  emptyHint: 'วันพิเศษให้เหรียญเช็คอินแทนจำนวนปกติของวันนั้น',
  /**
   * spec §2: the note on regular days, with the amounts of the live settings where spec §2 says 40
   * and 70 (README "Refinements of the spec"); each side an amount or a range ('20–25').
   */
  note: (weekdays: string, weekend: string) => `วันปกติจะได้รับ ${weekdays} เหรียญในวันธรรมดา และ ${weekend} เหรียญในวันเสาร์-อาทิตย์`,
  /** While the settings load or when they cannot be read: no amount the screen does not know. */
  noteUnknown: 'วันปกติจะได้รับเหรียญตามที่ตั้งไว้ในหน้าตั้งค่าเหรียญรายวัน',
  /** spec §2: a description defaults to 'special day'. */
  defaultDescription: 'วันพิเศษ',
  coins: (n: string) => `${n} เหรียญ`,
  deleteLabel: (date: string) => `ลบวันพิเศษ ${date}`,
  dialogTitle: 'เพิ่มวันพิเศษ',
  dateLabel: 'วันที่',
  coinsLabel: 'จำนวนเหรียญ',
  /** spec §5: coin amounts have minimum 1. */
  coinsInvalid: 'จำนวนเหรียญต้องเป็นตัวเลขตั้งแต่ 1 ขึ้นไป',
  descriptionLabel: 'คำอธิบาย (ไม่บังคับ)',
  /** spec §2: a placeholder example such as a holiday name. */
  descriptionPlaceholder: 'เช่น วันสงกรานต์',
  /** spec §5: 'please choose a date'. */
  chooseDate: 'กรุณาเลือกวันที่',
  /** The server's 409 SPECIAL_DAY_EXISTS, in Thai. */
  exists: 'วันที่นี้เป็นวันพิเศษอยู่แล้ว',
  /** spec §8: 'cannot add special day'; success toast 'special day added'. */
  addFailed: 'ไม่สามารถเพิ่มวันพิเศษได้',
  added: 'เพิ่มวันพิเศษสำเร็จ',
} as const;

export const DELETE_TEXT = {
  title: 'ยืนยันการลบ',
  /** spec §2: 'Are you sure? This cannot be undone and the data will be permanently removed'. */
  message: 'คุณแน่ใจหรือไม่? การลบนี้ไม่สามารถย้อนกลับได้ และข้อมูลจะถูกลบอย่างถาวร',
  confirm: 'ลบ',
  deleting: 'กำลังลบ...',
  /** spec §5: 'ID to delete not found'. */
  missingId: 'ไม่พบรหัสของรายการที่จะลบ',
  /** spec §8: 'cannot delete news/special day'; success toast 'deleted'. */
  failedNews: 'ไม่สามารถลบข่าวสารได้',
  failedSpecialDay: 'ไม่สามารถลบวันพิเศษได้',
  deleted: 'ลบข้อมูลสำเร็จ',
} as const;
