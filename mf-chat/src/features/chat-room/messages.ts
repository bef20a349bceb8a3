import { CURRENCY } from '../../shared/messages';

// spec §2 chat screen, §4 message send and chat open, §5 message rule, §8 chat/send rows.
export const CHAT_TEXT = {
  back: 'กลับไปที่คลังแชท',
  options: 'ตัวเลือกแชท',
  manageMemory: 'จัดการความทรงจำ',
  deleteChat: 'ลบแชทนี้',
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
  notEnoughSubmitTitle: `${CURRENCY}ไม่พอ`,
  notEnoughSubmit: (has: number, needs: number) => `คุณมี ${has} ${CURRENCY} แต่ต้องใช้ ${needs} ${CURRENCY}`,
  // spec §8 send failures.
  notEnoughTitle: `${CURRENCY} ไม่เพียงพอ`,
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
} as const;
