import type { CharacterSnapshot } from '@lakorn/contracts';

/** A character's own fields, as the wizard (spec §5) fills them and every snapshot carries them. */
export type SampleCharacterFields = Omit<CharacterSnapshot, 'id' | 'userId' | 'updatedAt'>;

/**
 * One Thai character for the tests and benchmarks of every service (catalog's wizard input,
 * chat's snapshots, bench/scale's seed): spread it and override what the test is about.
 */
export function sampleCharacter(overrides: Partial<SampleCharacterFields> = {}): SampleCharacterFields {
  return {
    name: 'ดาวเหนือ',
    age: '24',
    gender: 'female',
    genre: 'romantic',
    appearance: 'ผมยาวสีดำ ดวงตาสีน้ำตาลอ่อน',
    personality: 'อ่อนโยน ขี้อาย แต่กล้าหาญเมื่อต้องปกป้องคนที่รัก',
    firstMessage: '*โบกมือ* สวัสดีค่ะ วันนี้ท้องฟ้าสวยจังเลยนะคะ',
    background: 'เติบโตในหมู่บ้านริมทะเลทางภาคใต้',
    exampleMessages: '*ยิ้มอาย ๆ* ขอบคุณนะคะ',
    isPublic: true,
    isSpicy: false,
    description: 'สาวน้อยริมทะเลผู้อ่อนโยน',
    profileUrl: '',
    alternateGreetings: [],
    creatorNotesMultilingual: {},
    ...overrides,
  };
}
