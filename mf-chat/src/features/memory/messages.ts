// spec §2 memory dialog, §4, §8 memory save failure.
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
