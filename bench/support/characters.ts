// Seed data shared by the benchmarks: Thai texts of realistic lengths and catalog characters,
// from a deterministic generator so two runs store (and search) the same texts.
import { GENRES, GENDERS } from '@lakorn/contracts';
import type { CharacterDoc } from '../../services/catalog/src/data/models';

let state = 0x2545f491;
export const random = () => {
  state ^= state << 13;
  state ^= state >>> 17;
  state ^= state << 5;
  return (state >>> 0) / 2 ** 32;
};
const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
const SYLLABLES = ['กา', 'ขวัญ', 'คุณ', 'งาม', 'จันทร์', 'ฉาย', 'ชล', 'ซึ้ง', 'ญาติ', 'ดาว', 'ตะวัน', 'ถิ่น', 'ทอง', 'นภา', 'บุญ', 'ปิ่น', 'ผา', 'ฝน', 'พร', 'ฟ้า', 'ภู', 'มณี', 'ยิ้ม', 'รัก', 'ลม', 'วัน', 'ศรี', 'สาย', 'หมอก', 'อรุณ', 'ใจ', 'ไฟ', 'เงา', 'แสง', 'โลก', 'เพลง', 'ทะเล', 'ป่า', 'เมือง', 'กล้า'];
const word = () => Array.from({ length: 1 + Math.floor(random() * 3) }, () => pick(SYLLABLES)).join('');
/** About `chars` characters of Thai words. */
export const text = (chars: number) => {
  let out = '';
  while (out.length < chars) out += `${word()} `;
  return out.slice(0, chars).trim();
};
export const between = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));

/** A rare word: only NEEDLES characters contain it (the worst case for a search: one full pass). */
export const NEEDLE = 'หิ่งห้อยราตรีกาล';
const NEEDLES = 5;

export const characterId = (i: number) => `b${i.toString(16).padStart(23, '0')}`;

/** The i-th seeded character, made by one of `creators` creators (`creator<n>`). */
export function characterDoc(i: number, creators: number): CharacterDoc {
  const at = new Date(Date.UTC(2024, 0, 1) + i * 60_000);
  const personality = text(between(100, 1000));
  return {
    _id: characterId(i),
    userId: `creator${i % creators}`,
    name: text(between(4, 30)),
    age: String(between(18, 60)),
    gender: pick(GENDERS),
    genre: pick(GENRES),
    appearance: text(between(0, 500)),
    personality: i < NEEDLES ? `${personality.slice(0, 400)} ${NEEDLE}` : personality,
    firstMessage: text(between(50, 300)),
    background: text(between(0, 1000)),
    exampleMessages: text(between(0, 500)),
    isPublic: random() < 0.9 || i < NEEDLES,
    isSpicy: false,
    description: text(between(10, 50)),
    profileUrl: '',
    cardExtras: '',
    alternateGreetings: [],
    creatorNotesMultilingual: {},
    rank: Math.floor(random() * 2 ** 32),
    version: 1,
    createdAt: at,
    updatedAt: at,
  };
}
