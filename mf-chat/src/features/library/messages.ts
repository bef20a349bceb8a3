// spec §2 chat library, §4 character delete, §5 room deletion, §8 (library rows).
export const LIBRARY_TEXT = {
  title: 'คลังแชท',
  myCharacters: 'ตัวละครของฉัน',
  addCharacter: 'สร้างตัวละครใหม่',
  noCharacters: 'ยังไม่มีตัวละคร',
  noCharactersHint: 'กดปุ่ม + เพื่อสร้างตัวละครตัวแรกของคุณ',
  charactersFailed: 'โหลดตัวละครไม่สำเร็จ',
  startChatWith: (name: string) => `เริ่มแชทกับ ${name}`,
  optionsOf: (name: string) => `ตัวเลือกของ ${name}`,
  private: 'ส่วนตัว',
  hidden: 'ซ่อนอยู่',
  hiddenReason: (label: string) => `เหตุผล: ${label || 'ไม่ระบุ'}`,

  // Options dialog (spec §2, §4: options, confirm, deleting, closed on success).
  startChat: 'เริ่มแชท',
  edit: 'แก้ไขตัวละคร',
  deleteCharacter: 'ลบตัวละคร',
  confirmDeleteTitle: 'ลบตัวละครนี้?',
  confirmDeleteMessage: (name: string) => `การลบ "${name}" จะลบประวัติการแชททั้งหมดกับตัวละครนี้ด้วย และไม่สามารถกู้คืนได้`,
  confirmDelete: 'ลบตัวละคร',
  deleting: 'กำลังลบ...',
  cancel: 'ยกเลิก',
  deleteCharacterSuccess: 'ลบตัวละครสำเร็จ',
  deleteCharacterFailedTitle: 'ลบตัวละครไม่สำเร็จ',
  deleteCharacterFailed: 'เกิดข้อผิดพลาดในการลบตัวละคร โปรดลองใหม่อีกครั้ง',
  startFailedTitle: 'เกิดข้อผิดพลาด',
  startFailed: 'ไม่สามารถเริ่มการสนทนาได้ โปรดลองใหม่อีกครั้ง',

  // Rooms dialog.
  roomsTitle: (name: string) => `ห้องแชทกับ ${name}`,
  newRoom: 'สร้างห้องใหม่',
  creatingRoom: 'กำลังสร้างห้อง...',
  noRooms: 'ยังไม่มีห้องแชทกับตัวละครนี้',
  roomLabel: 'ห้องแชท',
  roomMenu: (id: string) => `ตัวเลือกห้อง ${id}`,
  deleteRoom: 'ลบห้องแชท',
  noMessagesYet: 'ยังไม่มีข้อความ',
  // spec §5: the browser confirm of a room deletion.
  confirmDeleteRoom: 'คุณแน่ใจหรือไม่ที่จะลบห้องแชทนี้?',
  createRoomFailed: 'สร้างห้องแชทไม่สำเร็จ',
  deleteRoomSuccess: 'ลบห้องแชทสำเร็จ',
  deleteRoomFailed: 'ลบห้องแชทไม่สำเร็จ',

  // Recent conversations.
  recent: 'บทสนทนาล่าสุด',
  openConversation: (name: string) => `เปิดแชทกับ ${name}`,
  noRecent: 'ยังไม่มีบทสนทนา',
  noRecentHint: 'แตะตัวละครจากหน้าค้นหาเพื่อเริ่มคุยได้เลย',
  deleteConversation: (name: string) => `ลบบทสนทนากับ ${name}`,
  confirmDeleteConversationTitle: 'ลบบทสนทนานี้?',
  confirmDeleteConversation: (name: string) => `ข้อความทั้งหมดกับ ${name} ในห้องนี้จะถูกลบ`,
  confirmDeleteConversationButton: 'ลบ',
} as const;

/** The options' way to a character's numbers (its page /c/{id} shows them to the owner). */
export const LIBRARY_STATS_TEXT = {
  stats: 'สถิติ',
} as const;
