// spec §2 PromptPay payment page, §4 payment status, §5 and §8 payment errors, in Thai: the spec's
// English 'Please log in to continue' and 'Invalid package selection' keep their meaning here
// (README "Refinements of the spec"; the server's INVALID_PACKAGE code is shown by walletErrorText).
export const PAYMENT_TEXT = {
  title: 'ชำระเงินด้วย PromptPay',
  back: 'กลับไปหน้าโปรไฟล์',
  backButton: 'กลับไปหน้าโปรไฟล์',
  loginRequired: 'กรุณาเข้าสู่ระบบเพื่อดำเนินการต่อ',
  invalidPackage: 'แพ็กเกจที่เลือกไม่ถูกต้อง',
  checking: 'กำลังตรวจสอบระบบชำระเงิน...',
  creating: 'กำลังสร้าง QR Code...',
  createFailed: 'ไม่สามารถชำระเงินได้ กรุณาลองใหม่ภายหลัง',
  qrFailed: 'ไม่สามารถโหลด QR Code ได้ กรุณาลองใหม่อีกครั้ง',
  retry: 'ลองอีกครั้ง',

  summaryTitle: 'สรุปคำสั่งซื้อ',
  summaryPackage: 'แพ็กเกจ',
  summaryCoins: 'จำนวนเหรียญ',
  summaryPrice: 'ราคา',

  qrTitle: 'สแกนเพื่อชำระเงิน',
  qrAlt: 'QR Code สำหรับชำระเงินผ่าน PromptPay',
  amountLabel: 'ยอดที่ต้องชำระ',
  baht: 'บาท',
  copyAmount: 'คัดลอกยอดเงิน',
  copied: 'คัดลอกแล้ว',
  expiry: (time: string) => `QR Code นี้จะหมดอายุภายใน 1 ชั่วโมง (เวลา ${time} น.)`,
  saveQr: 'บันทึกรูป QR Code',
  savingQr: 'กำลังบันทึกรูป...',
  savedQr: 'บันทึกรูป QR Code แล้ว',
  savedQrHint: 'เปิดแอปธนาคาร เลือกสแกนจ่าย แล้วเลือกรูปนี้จากคลังภาพ',
  saveQrFailed: 'บันทึกรูป QR Code ไม่สำเร็จ',
  saveQrFailedHint: 'กรุณาแคปหน้าจอแทน แล้วเลือกรูปจากคลังภาพในแอปธนาคาร',

  howTitle: 'วิธีชำระเงิน',
  steps: [
    'เปิดแอปธนาคารหรือแอปที่รองรับ PromptPay',
    'เลือกเมนูสแกนจ่าย แล้วสแกน QR Code ด้านบน',
    'ตรวจสอบยอดเงินให้ถูกต้อง แล้วยืนยันการชำระเงิน',
    'รอสักครู่ ระบบจะเติมเหรียญให้อัตโนมัติเมื่อชำระเงินสำเร็จ',
  ],

  statusTitle: 'สถานะการชำระเงิน',
  statusWaiting: 'รอการชำระเงิน',
  statusProcessing: 'กำลังดำเนินการ',
  statusSucceeded: 'ชำระเงินสำเร็จ',
  statusExpired: 'QR Code หมดอายุแล้ว',
  statusFailed: 'การชำระเงินไม่สำเร็จ',
  // services/wallet README "A returning member": paid after the account was deleted.
  statusRefunded: 'บัญชีนี้ถูกลบแล้ว จึงคืนเงินการชำระนี้แทนการเติมเหรียญ',
  waitingHint: 'ระบบจะตรวจสอบสถานะให้ทุก 5 วินาที',
  redirecting: 'กำลังกลับไปหน้าโปรไฟล์...',
  newQr: 'สร้าง QR Code ใหม่',

  simulateTitle: 'โหมดทดสอบ: ระบบชำระเงินจำลอง',
  simulateBody: 'ใช้สำหรับการพัฒนาเท่านั้น ไม่มีการตัดเงินจริง กดปุ่มนี้แทนการสแกนจ่ายจากแอปธนาคาร',
  simulate: 'จำลองการชำระเงิน (ทดสอบ)',
  simulateFailed: 'จำลองการชำระเงินไม่สำเร็จ',

  successTitle: 'ชำระเงินสำเร็จ',
  successBody: (coins: string) => `ได้รับ ${coins} แล้ว`,
} as const;
