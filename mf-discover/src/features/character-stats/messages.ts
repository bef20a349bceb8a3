import type { CharacterStatsCounts } from '@lakorn/contracts/web';

/** Creator stats (GET /api/characters/{id}/stats): the owner's and admins' numbers, in Thai. */
export const STATS_TEXT = {
  title: 'สถิติ',
  loading: 'กำลังโหลดสถิติ...',
  failed: 'โหลดสถิติไม่สำเร็จ',
  empty: 'ยังไม่มีใครคุยกับตัวละครนี้',
  emptyHint: 'เมื่อมีคนเริ่มแชท ส่งข้อความ หรือกดถูกใจ ตัวเลขจะแสดงที่นี่',
  metric: 'รายการ',
  windows: { days7: '7 วัน', days30: '30 วัน', all: 'ทั้งหมด' },
  chartTitle: 'ข้อความที่ได้รับรายวัน (30 วันล่าสุด)',
  chartLabel: (total: number, busiest: number) => `ข้อความที่ได้รับรายวัน 30 วันล่าสุด รวม ${total} ข้อความ มากที่สุด ${busiest} ข้อความต่อวัน`,
  dayBar: (day: string, count: number) => `${day}: ${count} ข้อความ`,
  today: 'วันนี้',
} as const;

/** The rows of the numbers, in the order shown. */
export const STATS_METRICS: Array<{ key: keyof CharacterStatsCounts; label: string }> = [
  { key: 'chatsStarted', label: 'แชทที่เริ่ม' },
  { key: 'messagesReceived', label: 'ข้อความที่ได้รับ' },
  { key: 'members', label: 'ผู้ใช้ที่คุยด้วย' },
  { key: 'likes', label: 'ถูกใจ' },
  { key: 'thumbsUp', label: 'คำตอบที่ชอบ' },
  { key: 'thumbsDown', label: 'คำตอบที่ไม่ชอบ' },
];
