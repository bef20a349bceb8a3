import { formatCoins, THAI_WEEKDAYS } from '@lakorn/ui';

// Thai texts of the daily check-in (spec §2 News and check-in, §8 check-in toasts).
export const CHECKIN_TEXT = {
  cardTitle: 'เช็คอินรายวัน',
  previousMonth: 'เดือนก่อนหน้า',
  nextMonth: 'เดือนถัดไป',
  /** Sunday-first weekday headings (spec §2). */
  weekdays: THAI_WEEKDAYS.short,
  /** The button on today's cell. */
  checkInCell: 'เช็คอิน',
  /** spec §4: a past day without a check-in shows 'passed'. */
  passed: 'ผ่านไปแล้ว',
  /** spec §2: future days show '-'. */
  future: '-',
  checkedIn: 'เช็คอินแล้ว',
  legendCheckedIn: 'เช็คอินแล้ว',
  legendSpecial: 'วันพิเศษ',
  coins: (n: number) => `${formatCoins(n)} เหรียญ`,
  dayLabel: (day: number, coins: number) => `วันที่ ${day} ได้รับ ${formatCoins(coins)} เหรียญ`,
  today: 'วันนี้',
  todayReward: 'รางวัลเช็คอินวันนี้',
  specialDay: 'วันพิเศษ',
  /** spec §2: the today panel's 'check in today' button. */
  checkInToday: 'เช็คอินวันนี้',
  doneToday: 'เช็คอินวันนี้แล้ว กลับมาใหม่พรุ่งนี้นะ',
  checkingIn: 'กำลังเช็คอิน...',
  loadFailed: 'โหลดปฏิทินเช็คอินไม่สำเร็จ',
  loading: 'กำลังโหลดปฏิทิน...',
  /** spec §8: success toast with the coins received. */
  successTitle: 'เช็คอินสำเร็จ!',
  successDescription: (n: number) => `คุณได้รับ ${formatCoins(n)} เหรียญ`,
  /** spec §8: 'you already checked in today, come back tomorrow'. */
  alreadyCheckedIn: 'วันนี้คุณเช็คอินไปแล้ว กลับมาใหม่พรุ่งนี้นะ',
  /** spec §8: 'cannot check in, an error occurred, try again later'. */
  failedTitle: 'ไม่สามารถเช็คอินได้',
  failedDescription: 'เกิดข้อผิดพลาด กรุณาลองใหม่อีกครั้งภายหลัง',
} as const;
