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

  // The kept draft (mf-discover README "Drafts", beyond the spec)
  leaveTitle: (mode: 'create' | 'edit') => (mode === 'create' ? 'ออกจากการสร้างตัวละคร?' : 'ออกจากการแก้ไขตัวละคร?'),
  leaveMessage: (mode: 'create' | 'edit') =>
    mode === 'create'
      ? 'ยังไม่ได้บันทึกตัวละครนี้ เก็บสิ่งที่กรอกไว้เป็นร่างเพื่อกลับมาทำต่อ หรือทิ้งไปเลย'
      : 'ยังไม่ได้บันทึกการแก้ไข เก็บไว้เป็นร่างเพื่อกลับมาทำต่อ หรือทิ้งการแก้ไขนี้',
  keepDraft: 'เก็บร่างไว้',
  discardDraft: 'ทิ้งร่าง',
  stay: 'ทำต่อ',
  keptTitle: 'ร่างที่บันทึกไว้',
  keptMessage: (mode: 'create' | 'edit', name: string, when: string) =>
    `${mode === 'create' ? 'มีตัวละครที่สร้างค้างไว้' : 'มีการแก้ไขที่ยังไม่ได้บันทึก'}${name ? ` “${name}”` : ''} (${when}) จะทำต่อจากร่างนี้ หรือเริ่มใหม่`,
  continueDraft: 'ทำต่อจากร่าง',
  startFresh: 'เริ่มใหม่',

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

/**
 * The lorebook editor's Thai text (beyond the spec: entries of world knowledge that enter the
 * prompt only when their keys come up in the conversation; limits from contracts LOREBOOK_LIMITS).
 */
export const LOREBOOK_TEXT = {
  title: 'สมุดข้อมูล',
  optionalStep: 'ขั้นตอนเสริม (ไม่บังคับ)',
  intro: (scanDepth: number) =>
    `ข้อมูลเกี่ยวกับโลกและตัวละครที่ AI จะหยิบมาใช้เฉพาะเมื่อคำสำคัญปรากฏใน ${scanDepth} ข้อความล่าสุดของบทสนทนา ข้ามขั้นตอนนี้ได้`,
  done: 'เสร็จ กลับไปหน้าสรุป',
  // The card on step 9 that leads here
  cardTitle: 'สมุดข้อมูล (ไม่บังคับ)',
  cardEmpty: 'ยังไม่มีข้อมูล เพิ่มความรู้ที่ AI ควรรู้เฉพาะเมื่อถูกพูดถึงได้',
  cardCount: (count: number, enabled: number) => `${count} รายการ (เปิดใช้ ${enabled})`,
  manage: 'จัดการสมุดข้อมูล',
  // The import notice, when the card brought entries
  importedEntries: 'ตรวจดูรายการที่นำเข้าได้ในขั้นตอนเสริม',
  openFromImport: 'ไปที่สมุดข้อมูล',
  // The list
  entryCount: (count: number, max: number) => `${count}/${max} รายการ`,
  add: 'เพิ่มรายการ',
  full: (max: number) => `สมุดข้อมูลมีได้สูงสุด ${max} รายการ ลบรายการเดิมก่อนจึงจะเพิ่มได้`,
  emptyTitle: 'ยังไม่มีรายการในสมุดข้อมูล',
  emptyHint: 'เช่น ชื่อเมือง ตำนาน หรือคนสำคัญในเรื่อง พร้อมคำสำคัญที่ทำให้ AI นึกถึงข้อมูลนั้น',
  listLabel: 'รายการในสมุดข้อมูล',
  noKeys: 'ยังไม่มีคำสำคัญ',
  alwaysOnNoKeys: 'รายการที่ใช้เสมอ',
  off: 'ปิดอยู่',
  alwaysOn: 'ใช้เสมอ',
  substringPill: 'ส่วนของคำ',
  orderPill: (order: number) => `ลำดับ ${order}`,
  editEntry: (number: number) => `แก้ไขรายการที่ ${number}`,
  enableEntry: (number: number) => `เปิดใช้รายการที่ ${number}`,
  // The book's settings
  settings: 'การตั้งค่าสมุดข้อมูล',
  budget: 'งบโทเคนรวม',
  budgetHint: (min: number, max: number) => `ข้อมูลที่ตรงคำสำคัญจะถูกใส่ตามลำดับจนเต็มงบ (${min}-${max} โทเคน)`,
  scanDepth: 'จำนวนข้อความล่าสุดที่ใช้ค้นหาคำสำคัญ',
  scanDepthHint: (min: number, max: number) => `${min}-${max} ข้อความ`,
  numberRange: (what: string, min: number, max: number) => `${what}ต้องอยู่ระหว่าง ${min} ถึง ${max}`,
  // The entry dialog
  newEntryTitle: 'เพิ่มรายการในสมุดข้อมูล',
  editEntryTitle: 'แก้ไขรายการในสมุดข้อมูล',
  keys: 'คำสำคัญ',
  keysHint: 'เมื่อคำใดคำหนึ่งปรากฏในบทสนทนา ข้อมูลนี้จะถูกส่งให้ AI กด Enter หรือ , เพื่อเพิ่ม',
  secondaryKeys: 'คำสำคัญรอง (ไม่บังคับ)',
  secondaryKeysHint: 'ถ้ามี ต้องพบคำสำคัญรองอย่างน้อยหนึ่งคำด้วย ข้อมูลจึงจะถูกใช้',
  addKey: (label: string) => `เพิ่ม${label}`,
  removeKey: (key: string) => `ลบคำ ${key}`,
  keyList: (label: string) => `${label}ที่เพิ่มแล้ว`,
  keyTooLong: (max: number) => `คำสำคัญยาวได้ไม่เกิน ${max} ตัวอักษร`,
  keysFull: (max: number) => `เพิ่มคำได้สูงสุด ${max} คำ`,
  keyDuplicate: 'มีคำนี้อยู่แล้ว',
  oneSyllable: (keys: string) => `${keys} เป็นคำพยางค์เดียว ซึ่งมักเป็นส่วนหนึ่งของคำอื่น (เช่น ตา ใน ตาม) จึงอาจทำงานผิดที่ ลองใช้คำที่ยาวขึ้นหรือเพิ่มคำสำคัญรอง`,
  content: 'เนื้อหา',
  contentHint: 'สิ่งที่ AI ควรรู้เมื่อคำสำคัญถูกพูดถึง',
  enabled: 'เปิดใช้งาน',
  enabledHint: 'ปิดไว้เพื่อเก็บข้อมูลโดยไม่ส่งให้ AI',
  constant: 'ใช้เสมอ',
  constantHint: 'ส่งให้ AI ทุกครั้งโดยไม่ต้องมีคำสำคัญ',
  substring: 'จับคู่แบบส่วนของคำ',
  substringHint: 'ปกติคำสำคัญต้องปรากฏเป็นคำเต็ม เปิดเพื่อให้ตรงแม้อยู่ในคำที่ยาวกว่า',
  order: 'ลำดับ',
  orderHint: 'เลขน้อยได้ใส่ก่อนเมื่องบโทเคนไม่พอสำหรับทุกรายการ',
  close: 'เสร็จ',
  remove: 'ลบรายการนี้',
  removeTitle: 'ลบรายการนี้ออกจากสมุดข้อมูล?',
  removeMessage: (keys: string) => (keys ? `รายการ "${keys}" จะถูกลบออกจากร่าง และหายไปเมื่อบันทึกตัวละคร` : 'รายการนี้จะถูกลบออกจากร่าง และหายไปเมื่อบันทึกตัวละคร'),
  removeConfirm: 'ลบ',
  removed: 'ลบรายการแล้ว',
  // Problems (the same rules as the catalog's schema)
  problemTitle: 'สมุดข้อมูลยังไม่พร้อมบันทึก',
  problemAt: (number: number, problem: string) => `รายการที่ ${number}: ${problem}`,
  contentTooLong: (max: number) => `เนื้อหาต้องไม่เกิน ${max} ตัวอักษร`,
  // An entry the catalog keeps but that cannot reach the prompt
  noContentIdle: 'ยังไม่มีเนื้อหา รายการนี้จะไม่ถูกส่งให้ AI',
  noKeysIdle: 'ยังไม่มีคำสำคัญ รายการนี้จะไม่ถูกใช้จนกว่าจะเพิ่มคำหรือเปิด "ใช้เสมอ"',
  tooManyEntries: (max: number) => `สมุดข้อมูลมีได้สูงสุด ${max} รายการ`,
  tooLarge: (kb: number, maxKb: number) => `ข้อมูลตัวละครรวมสมุดข้อมูลมีขนาด ${kb} KB เกินขีดจำกัด ${maxKb} KB กรุณาย่อเนื้อหาหรือลบบางรายการ`,
  size: (kb: number, maxKb: number) => `ขนาดสมุดข้อมูล ${kb}/${maxKb} KB`,
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
