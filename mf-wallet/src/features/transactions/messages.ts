// spec §2 coin history (/transactions), in Thai: the spec's 'No transactions found' keeps its meaning
// (README "Refinements of the spec").
export const HISTORY_TEXT = {
  // The profile's link to this page reads the same.
  title: 'ประวัติการใช้เหรียญ',
  back: 'กลับไปหน้าโปรไฟล์',
  balance: 'ยอดเหรียญคงเหลือ',
  loading: 'กำลังโหลดประวัติเหรียญ...',
  failed: 'ไม่สามารถโหลดประวัติเหรียญได้ กรุณาลองใหม่อีกครั้ง',
  retry: 'ลองอีกครั้ง',
  empty: 'ยังไม่มีรายการเหรียญ',
  caption: 'รายการเหรียญ',
  date: 'วันที่',
  description: 'รายการ',
  amount: 'จำนวน',
  received: (n: string) => `ได้รับ ${n} เหรียญ`,
  spent: (n: string) => `ใช้ ${n} เหรียญ`,
  more: 'โหลดเพิ่มเติม',
  moreFailed: 'โหลดรายการเพิ่มเติมไม่สำเร็จ กรุณาลองอีกครั้ง',
} as const;
