// Thai texts of /admin/payment-settings (spec §2 Payment settings, §4 Payment system, §8
// 'cannot set payment system' and the enabled/disabled success toasts).

export const PAYMENT_SETTINGS_TEXT = {
  title: 'ตั้งค่าระบบชำระเงิน',
  back: 'ย้อนกลับ',
  switchLabel: 'เปิดใช้งานระบบชำระเงิน',
  on: 'เปิดอยู่',
  off: 'ปิดอยู่',
  /** spec §2: when on users can buy coins; when off they cannot reach the payment page; enable only when wanted. */
  whenOn: 'เมื่อเปิด ผู้ใช้สามารถซื้อเหรียญผ่านระบบชำระเงิน PromptPay ได้',
  whenOff: 'เมื่อปิด ผู้ใช้จะไม่สามารถเข้าสู่หน้าชำระเงินได้ และจะเห็นข้อความให้ติดต่อผ่านโซเชียลมีเดียแทน',
  caution: 'เปิดใช้งานเฉพาะเมื่อต้องการรับชำระเงินจริงเท่านั้น',
  providerStripe: 'ผู้ให้บริการ: Stripe PromptPay',
  providerSimulated: 'ผู้ให้บริการ: ระบบชำระเงินจำลอง (สำหรับทดสอบ ไม่มีการตัดเงินจริง)',
  providerNone: 'ยังไม่ได้ตั้งค่าผู้ให้บริการชำระเงิน ผู้ใช้จะยังซื้อเหรียญไม่ได้แม้เปิดระบบ',
  saving: 'กำลังบันทึก...',
  enabled: 'เปิดระบบชำระเงินแล้ว',
  disabled: 'ปิดระบบชำระเงินแล้ว',
  /** spec §8: 'cannot set payment system'. */
  failed: 'ไม่สามารถตั้งค่าระบบชำระเงินได้',
  loading: 'กำลังโหลดสถานะระบบชำระเงิน...',
  loadFailed: 'ไม่สามารถโหลดข้อมูลได้ กรุณาลองใหม่ภายหลัง',
  retry: 'ลองอีกครั้ง',
} as const;
