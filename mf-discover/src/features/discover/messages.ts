import { GENRE_LABELS, type CategoryId } from '@lakorn/contracts/web';

// The Thai text of the discover page (spec §2 "Discover / home", §8 error catalogue).
export const DISCOVER_TEXT = {
  title: 'ละคร',
  addCharacter: 'สร้างตัวละคร',
  searchLabel: 'ค้นหาตัวละคร',
  searchPlaceholder: 'ค้นหาชื่อ บุคลิก หรือคำอธิบาย...',
  clearSearch: 'ล้างคำค้นหา',
  categories: 'หมวดหมู่',
  recommended: 'แนะนำสำหรับคุณ',
  loading: 'กำลังโหลดตัวละคร...',
  loadFailed: 'โหลดตัวละครไม่สำเร็จ',
  empty: 'ไม่พบตัวละคร',
  emptySearch: 'ลองค้นหาด้วยคำอื่น หรือเลือกหมวดหมู่อื่น',
  emptyAll: 'ยังไม่มีตัวละครสาธารณะจากผู้ใช้คนอื่น ลองสร้างตัวละครของคุณเองดูสิ',
  // The "popular now" row above the grid and the sort switch (contracts DISCOVER_SORT_LABELS).
  popularNow: 'ยอดนิยมตอนนี้',
  popularLoading: 'กำลังโหลดตัวละครยอดนิยม...',
  popularFailed: 'โหลดตัวละครยอดนิยมไม่สำเร็จ',
  popularEmpty: 'ยังไม่มีตัวละครยอดนิยม',
  /** Said before a popular tile's visible rank number: "อันดับ 1". */
  popularRankWord: 'อันดับ',
  sortBy: 'เรียงตาม',
  retry: 'ลองอีกครั้ง',
  loadMore: 'ดูเพิ่มเติม',
  loadMoreFailed: 'โหลดตัวละครเพิ่มเติมไม่สำเร็จ',
  by: (username: string) => `โดย ${username}`,
  // The like button's name: '{like} ({count})'.
  like: 'ถูกใจ',
  liked: 'ถูกใจแล้ว',
  chatWith: (name: string) => `เริ่มแชทกับ ${name}`,
  openCharacter: (name: string) => `เปิดแชทกับ ${name}`,
  cardOptions: (name: string) => `ตัวเลือกของ ${name}`,
  viewCharacter: 'ดูรายละเอียด',
  // spec §8
  signInTitle: 'กรุณาเข้าสู่ระบบ',
  signInToChat: 'คุณต้องเข้าสู่ระบบก่อนเริ่มแชท',
  startFailedTitle: 'เกิดข้อผิดพลาด',
  startFailed: 'ไม่สามารถเริ่มการสนทนาได้ โปรดลองใหม่อีกครั้ง',
  likeFailedTitle: 'ถูกใจไม่สำเร็จ',
  likeFailed: 'โปรดลองอีกครั้ง',
  signInToLike: 'คุณต้องเข้าสู่ระบบก่อนกดถูกใจ',
  // The server-drawn first screen's note (README "First screen from the server"): shown until the
  // app takes the screen away; the start island (shell/src/appStart.ts) says the second after a tap.
  firstScreenStarting: 'กำลังโหลด… แตะการ์ดได้เลย',
  firstScreenOpening: 'กำลังเปิดตัวละคร…',
} as const;

/** spec §2 category row (ids all, romantic, adventure, daily, friendship). */
export const CATEGORY_TEXT: Record<CategoryId, string> = {
  all: 'ทั้งหมด',
  ...GENRE_LABELS,
};
