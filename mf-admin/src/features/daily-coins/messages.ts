import { THAI_WEEKDAYS } from '@lakorn/ui';

// Thai texts of /admin/daily-coin-settings (spec §2 Daily coin settings, §4 Coin settings card,
// §5 coin amount inputs, §8 'error, cannot save settings').

export const DAILY_COIN_TEXT = {
  title: 'ตั้งค่าเหรียญรายวัน',
  /** spec §2: back goes to /admin/news. */
  back: 'กลับไปหน้าจัดการข่าวสาร',
  intro: 'จำนวนเหรียญที่สมาชิกได้รับเมื่อเช็คอินในแต่ละวันของสัปดาห์ (วันพิเศษจะใช้จำนวนของวันพิเศษแทน)',
  /** Sunday first, as dayOfWeek 0-6 (spec §3). */
  days: THAI_WEEKDAYS.long,
  weekend: 'วันหยุดสุดสัปดาห์',
  weekday: 'วันธรรมดา',
  coinsLabel: (day: string) => `จำนวนเหรียญ${day}`,
  unit: 'เหรียญ',
  edited: 'แก้ไขแล้ว',
  /** spec §5: a non-numeric or below-1 entry is ignored when saving; said so before it happens. */
  ignored: 'ต้องเป็นตัวเลขตั้งแต่ 1 ขึ้นไป ค่านี้จะไม่ถูกบันทึก',
  save: 'บันทึกการตั้งค่า',
  saving: 'กำลังบันทึก...',
  saved: 'บันทึกการตั้งค่าสำเร็จ',
  savedDays: (days: string) => `อัปเดต${days}แล้ว`,
  nothingSaved: 'ไม่มีค่าที่บันทึกได้',
  nothingSavedHint: 'จำนวนเหรียญต้องเป็นตัวเลขตั้งแต่ 1 ขึ้นไป',
  /** spec §8: 'error, cannot save settings'. */
  saveFailed: 'เกิดข้อผิดพลาด ไม่สามารถบันทึกการตั้งค่าได้',
  loading: 'กำลังโหลดการตั้งค่า...',
  loadFailed: 'ไม่สามารถโหลดข้อมูลได้ กรุณาลองใหม่ภายหลัง',
  retry: 'ลองอีกครั้ง',
} as const;
