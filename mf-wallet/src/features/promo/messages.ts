// spec §2 promo code entry, §5 (blank), §8 (invalid / other failures).
export const PROMO_TEXT = {
  title: 'โค้ดส่วนลด',
  label: 'โค้ดส่วนลด',
  placeholder: 'กรอกโค้ดส่วนลด',
  submit: 'ใช้โค้ด',
  submitting: 'กำลังตรวจสอบ...',
  blank: 'กรุณากรอกโค้ดส่วนลด',
  invalid: 'โค้ดไม่ถูกต้องหรือหมดอายุแล้ว',
  failedTitle: 'เกิดข้อผิดพลาด',
  failedBody: 'ไม่สามารถใช้โค้ดได้ในขณะนี้ กรุณาลองใหม่อีกครั้ง',
  successTitle: 'ใช้โค้ดสำเร็จ',
  successBody: (coins: string) => `คุณได้รับ ${coins}`,
} as const;
