import { COIN_TEXT, CURRENCY } from '../../shared/messages';

// spec §2 chat screen, §4 message send and chat open, §5 message rule, §8 chat/send rows.
export const CHAT_TEXT = {
  back: 'กลับไปที่คลังแชท',
  options: 'ตัวเลือกแชท',
  manageMemory: 'จัดการความทรงจำ',
  deleteChat: 'ลบแชทนี้',
  report: 'รายงานตัวละคร',
  confirmAgeInProfile: 'ยืนยันอายุในโปรไฟล์',
  confirmDeleteTitle: 'ลบแชทนี้?',
  confirmDeleteMessage: 'ข้อความทั้งหมดในห้องนี้จะถูกลบและไม่สามารถกู้คืนได้',
  confirmDelete: 'ลบแชท',
  deleting: 'กำลังลบ...',
  loading: 'กำลังเปิดห้องแชท...',
  notFound: 'ไม่พบห้องแชทนี้',
  backToLibrary: 'กลับไปที่คลังแชท',
  messagesLabel: 'ข้อความ',
  typing: (name: string) => `${name} กำลังพิมพ์...`,
  offline: 'ออฟไลน์',
  offlineTitle: 'ตอบโดยระบบออฟไลน์ (ยังไม่ได้เชื่อมต่อ AI)',
  asPersona: (name: string) => `ในฐานะ ${name}`,
  inputLabel: 'พิมพ์ข้อความ',
  placeholder: 'พิมพ์ข้อความ...',
  send: 'ส่งข้อความ',
  cost: (n: number) => `ค่าส่ง ${n} ${CURRENCY}`,
  balance: (n: string) => `คงเหลือ ${n} ${CURRENCY}`,
  // spec §5: the inline warning, literally.
  notEnoughInline: 'เหรียญไม่เพียงพอ กรุณาเติมเงินหรือย่อข้อความให้สั้นลง',
  // spec §5: submitting with too few coins: a toast saying the user has X coins but needs Y.
  notEnoughSubmitTitle: COIN_TEXT.notEnoughSubmitTitle,
  notEnoughSubmit: COIN_TEXT.notEnoughSubmit,
  // spec §8 send failures.
  notEnoughTitle: COIN_TEXT.notEnoughTitle,
  notEnough: 'เติมเหรียญเพื่อส่งข้อความต่อ',
  sendFailedTitle: 'ไม่สามารถส่งข้อความได้',
  sendFailed: 'AI ไม่สามารถตอบกลับได้ในขณะนี้ โปรดลองอีกครั้งในภายหลัง',
  // The send-failure toast's second line: what became of the coins (the error's `refunded`).
  coinsReturned: (n: number) => `คืน ${n} ${CURRENCY}ให้คุณแล้ว`,
  noCoinsTaken: 'ไม่มีการหักเหรียญสำหรับข้อความนี้',
  coinsReturnedIfTaken: 'หากมีการหักเหรียญไปแล้ว ระบบจะคืนให้โดยอัตโนมัติ',
  // spec §8 chat-screen deletion.
  deleteFailedTitle: 'เกิดข้อผิดพลาด',
  deleteFailed: 'ไม่สามารถลบห้องแชทได้ในขณะนี้',
  deleted: 'ลบห้องแชทเรียบร้อย',
  // spec §8 start chat failure (the chat-open rule creating a chat).
  startFailedTitle: 'เกิดข้อผิดพลาด',
  startFailed: 'ไม่สามารถเริ่มการสนทนาได้ โปรดลองใหม่อีกครั้ง',
  emptyChat: 'เริ่มต้นบทสนทนาได้เลย',
  messagesFailed: 'โหลดข้อความไม่สำเร็จ',
  // Paging of the message list: older messages above, the newest control below.
  olderShow: 'ดูข้อความก่อนหน้า',
  olderLoading: 'กำลังโหลดข้อความก่อนหน้า...',
  olderFailed: 'โหลดข้อความก่อนหน้าไม่สำเร็จ',
  retry: 'ลองอีกครั้ง',
  conversationStart: 'จุดเริ่มต้นของบทสนทนา',
  jumpToNewest: 'ข้อความล่าสุด',
  // Another answer (swipes): the arrows and counter on the latest reply, and the paid button that
  // asks for another answer, its price shown before it is tapped.
  previousAnswer: 'คำตอบก่อนหน้า',
  nextAnswer: 'คำตอบถัดไป',
  answerOf: (n: number, count: number) => `คำตอบที่ ${n} จาก ${count}`,
  previousGreeting: 'คำทักทายก่อนหน้า',
  nextGreeting: 'คำทักทายถัดไป',
  greetingOf: (n: number, count: number) => `คำทักทายที่ ${n} จาก ${count}`,
  anotherAnswer: 'ขอคำตอบใหม่',
  anotherPrice: (n: number) => `${n} ${CURRENCY}`,
  answersFull: (max: number) => `ครบ ${max} คำตอบแล้ว`,
  notEnoughAnother: 'เติมเหรียญเพื่อขอคำตอบใหม่',
  anotherRefusedTitle: 'ขอคำตอบใหม่ไม่ได้',
  anotherFailedTitle: 'ขอคำตอบใหม่ไม่สำเร็จ',
  selectFailed: 'เปลี่ยนคำตอบไม่สำเร็จ โปรดลองอีกครั้ง',
  stop: 'หยุดตอบ',
  // A message's menu (long-press on a phone, or its button): edit, rewind, branch, pin.
  messageMenu: 'ตัวเลือกข้อความ',
  edit: 'แก้ไข',
  editTitle: 'แก้ไขข้อความ',
  editLabel: 'ข้อความ',
  save: 'บันทึก',
  saving: 'กำลังบันทึก...',
  cancel: 'ยกเลิก',
  edited: 'แก้ไขแล้ว',
  editSaved: 'แก้ไขข้อความแล้ว',
  editFailed: 'แก้ไขข้อความไม่สำเร็จ โปรดลองอีกครั้ง',
  rewind: 'ลบตั้งแต่ข้อความนี้',
  rewindTitle: 'ลบตั้งแต่ข้อความนี้?',
  rewindMessage: (n: number) => `ข้อความนี้และข้อความหลังจากนี้ รวม ${n} ข้อความ จะถูกลบและกู้คืนไม่ได้ ${CURRENCY}ที่ใช้ไปแล้วจะไม่ได้รับคืน`,
  rewindConfirm: (n: number) => `ลบ ${n} ข้อความ`,
  rewinding: 'กำลังลบ...',
  rewound: (n: number) => `ลบ ${n} ข้อความแล้ว`,
  rewindFailed: 'ลบข้อความไม่สำเร็จ โปรดลองอีกครั้ง',
  branch: 'แยกเรื่องจากตรงนี้',
  branched: 'แยกเรื่องเป็นแชทใหม่แล้ว',
  branchFailed: 'แยกเรื่องไม่สำเร็จ โปรดลองอีกครั้ง',
  pin: 'ปักหมุด',
  unpin: 'เลิกปักหมุด',
  pinned: 'ปักหมุดแล้ว',
  unpinned: 'เลิกปักหมุดแล้ว',
  pinFailed: 'ปักหมุดไม่สำเร็จ โปรดลองอีกครั้ง',
} as const;

/** The character's details in the chat's options: a V3 card's creator notes in Thai (beyond the spec). */
export const CREATOR_NOTES_TEXT = {
  title: 'หมายเหตุจากผู้สร้าง',
} as const;

/** Thumbs on a character's reply (the selected answer): their names for screen readers and the failure. */
export const RATING_TEXT = {
  up: 'ถูกใจคำตอบนี้',
  down: 'ไม่ถูกใจคำตอบนี้',
  group: 'ให้คะแนนคำตอบ',
  failed: 'ให้คะแนนไม่สำเร็จ โปรดลองอีกครั้ง',
} as const;
