import { charactersLeftText, type Gender, type Genre } from '@lakorn/contracts/web';

// The Thai text of the character wizard (spec §2 "Character create / edit", §5, §8).
export const WIZARD_TEXT = {
  stepTitles: ['แนวการแชท', 'ข้อมูลตัวละคร', 'รูปลักษณ์', 'บุคลิกภาพ', 'ข้อความแรก', 'ภูมิหลัง', 'ตัวอย่างข้อความ', 'ความเป็นส่วนตัว', 'เสร็จสิ้น'],
  progress: (step: number, total: number) => `ขั้นตอน ${step}/${total}`,
  back: 'ย้อนกลับ',
  close: 'ปิด',
  next: 'ถัดไป',
  create: 'สร้างตัวละคร',
  save: 'บันทึกการแก้ไข',
  saving: 'กำลังบันทึก...',
  loading: 'กำลังโหลดตัวละคร...',
  loadFailed: 'โหลดตัวละครไม่สำเร็จ',
  notFound: 'ไม่พบตัวละครนี้',
  notYours: 'คุณแก้ไขได้เฉพาะตัวละครของคุณเอง',
  toLibrary: 'กลับไปที่คลังแชท',
  created: 'สร้างตัวละครสำเร็จ',
  saved: 'บันทึกการแก้ไขแล้ว',

  // Step 1
  genreIntro: 'เลือกแนวเรื่องที่ตัวละครของคุณจะพาคุยด้วย',
  genreLabel: 'แนวการแชท',
  spicy: 'เนื้อหาสำหรับผู้ใหญ่ (สไปซี่)',
  spicyHint: 'ใช้ได้เฉพาะแนวโรแมนติก',
  // Step 2
  name: 'ชื่อตัวละคร',
  namePlaceholder: 'เช่น ดาวเหนือ',
  age: 'อายุ (ไม่บังคับ)',
  agePlaceholder: 'เช่น 24 หรือ ไม่ทราบแน่ชัด',
  gender: 'เพศ',
  image: 'รูปโปรไฟล์ (ไม่บังคับ)',
  imageHint: 'รองรับไฟล์ JPG, PNG ขนาดไม่เกิน 5MB',
  chooseImage: 'เลือกรูปภาพ',
  changeImage: 'เปลี่ยนรูปภาพ',
  removeImage: 'ลบรูปภาพ',
  uploading: 'กำลังอัปโหลด...',
  imagePreview: 'ตัวอย่างรูปโปรไฟล์',
  // Steps 3-7
  appearance: 'รูปลักษณ์',
  appearanceHint: 'หน้าตา การแต่งกาย ท่าทาง',
  personality: 'บุคลิกภาพ',
  personalityHint: 'นิสัย วิธีพูด สิ่งที่ชอบและไม่ชอบ',
  firstMessage: 'ข้อความแรก',
  firstMessageHint: 'ข้อความที่ตัวละครใช้ทักทายเมื่อเริ่มแชท ใช้ *ดอกจัน* ล้อมคำบรรยายได้',
  background: 'ภูมิหลัง (ไม่บังคับ)',
  backgroundHint: 'ที่มา ประวัติ เหตุการณ์สำคัญในชีวิต',
  exampleMessages: 'ตัวอย่างข้อความ (ไม่บังคับ)',
  exampleMessagesHint: 'ตัวอย่างการพูดของตัวละคร ช่วยให้ AI ตอบได้ตรงบุคลิกมากขึ้น',
  // Step 8
  isPublic: 'ตัวละครสาธารณะ',
  publicHint: 'ตัวละครสาธารณะจะแสดงในหน้าค้นหาให้ผู้ใช้คนอื่นเห็นและแชทได้',
  privateHint: 'ตัวละครส่วนตัวจะเห็นและแชทได้เฉพาะคุณ',
  description: 'คำอธิบายสั้นๆ',
  descriptionHint: 'แสดงบนการ์ดในหน้าค้นหา',
  // Step 9
  summary: 'สรุปตัวละคร',
  publicLabel: 'สาธารณะ',
  privateLabel: 'ส่วนตัว',

  // spec §5 validation toasts (name and description are the spec's own words)
  nameRequired: 'กรุณากรอกชื่อตัวละคร',
  personalityRequired: 'กรุณากรอกบุคลิกภาพของตัวละคร',
  firstMessageRequired: 'กรุณากรอกข้อความแรกของตัวละคร',
  descriptionRequired: 'กรุณากรอกคำอธิบายสั้นๆ สำหรับตัวละครสาธารณะ',
  tooLongTitle: 'ข้อความยาวเกินไป',
  tooLong: (field: string, max: number) => `${field}ต้องไม่เกิน ${max} ตัวอักษร`,

  // spec §8 failures
  createFailed: 'ไม่สามารถสร้างตัวละครได้',
  updateFailed: 'ไม่สามารถแก้ไขตัวละครได้',
  tryLater: 'โปรดลองอีกครั้งในภายหลัง',
  uploadFailed: 'ไม่สามารถอัปโหลดรูปภาพได้',
  notAuthenticated: 'User not authenticated',
  fileInvalid: 'ไฟล์ไม่ถูกต้อง',
  fileTooLarge: 'ไฟล์ขนาดใหญ่เกินไป',

  // The member's allowance of characters (beyond the spec: contracts QUOTAS.charactersTotal)
  charactersLeft: charactersLeftText,
  limitReached: (max: number) => `คุณสร้างตัวละครครบ ${max} ตัวแล้ว ลบตัวละครเดิมในคลังแชทก่อนจึงจะสร้างใหม่ได้`,

  // Character cards (beyond the spec)
  importCard: 'นำเข้าการ์ดตัวละคร',
  importHint: 'ไฟล์ Character Card V2 (.json หรือ .png) จากโปรแกรมอื่น',
  importing: 'กำลังนำเข้า...',
  imported: 'นำเข้าการ์ดแล้ว',
  importedCheck: 'ตรวจดูข้อมูลในแต่ละขั้นตอนก่อนบันทึก',
  importFailed: 'นำเข้าการ์ดไม่สำเร็จ',
  overLongTitle: 'บางช่องยาวเกินกำหนด กรุณาตัดให้สั้นลง',
  overLongItem: (field: string, length: number, max: number) => `${field}: ${length}/${max} ตัวอักษร`,
  goToStep: (step: number) => `ไปขั้นตอนที่ ${step}`,
  dismiss: 'ปิดข้อความ',
  exportTitle: 'ส่งออกการ์ดตัวละคร',
  exportHint: 'การ์ดใช้ข้อมูลที่บันทึกไว้ล่าสุด ใช้กับโปรแกรมที่รองรับ Character Card V2 ได้',
  exportJson: 'ไฟล์ JSON',
  exportPng: 'รูป PNG',
  exporting: 'กำลังส่งออก...',
  exportFailed: 'ส่งออกการ์ดไม่สำเร็จ',
} as const;

/** The wizard's line under each genre's name (the names: GENRE_LABELS). */
export const GENRE_BLURB_TEXT: Record<Genre, string> = {
  romantic: 'ความรัก ความสัมพันธ์ ความรู้สึกดีๆ',
  adventure: 'ภารกิจ การเดินทาง โลกแฟนตาซี',
  daily: 'เรื่องธรรมดาที่อบอุ่นใจ',
  friendship: 'เพื่อนคู่คิด คุยได้ทุกเรื่อง',
};

export const GENDER_TEXT: Record<Gender, string> = {
  male: 'ชาย',
  female: 'หญิง',
  'lgbtq+': 'LGBTQ+',
};
