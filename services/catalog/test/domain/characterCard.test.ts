import { readFileSync } from 'node:fs';
import path from 'node:path';
import { CharacterCardV2, CharacterInput, Lorebook } from '@lakorn/contracts';
import { fromCard, genreFromTags, toCard, type CardCharacter } from '../../src/domain/characterCard';
import { InvalidCard } from '../../src/domain/errors';
import { InvalidPngError, isPng, readPngTexts, withPngText } from '../../src/domain/pngText';
import { makePng } from '../support/images';

const fixture = (name: string) => readFileSync(path.join(__dirname, '..', 'fixtures', name));

const lakorn: CardCharacter = {
  name: 'ดาวเหนือ',
  age: '24',
  gender: 'female',
  genre: 'romantic',
  appearance: 'ผมยาวสีดำ ดวงตาสีน้ำตาลอ่อน',
  personality: 'อ่อนโยน ขี้อาย แต่กล้าหาญ',
  firstMessage: 'สวัสดีค่ะ *ยิ้ม*',
  background: 'เติบโตในหมู่บ้านริมทะเล',
  exampleMessages: '*หัวเราะ* จริงเหรอคะ',
  isPublic: true,
  isSpicy: true,
  description: 'สาวน้อยริมทะเล',
  cardExtras: '',
  alternateGreetings: [],
  creatorNotesMultilingual: {},
  lorebook: Lorebook.parse({}),
  creatorUsername: 'มะลิ',
  version: 3,
};

describe('Character Card V2 export (the mapping of services/catalog/src/domain/characterCard.ts)', () => {
  it('maps personality, appearance+background, first message, example messages and genre, the rest under extensions.lakorn', () => {
    const card = toCard(lakorn);
    expect(CharacterCardV2.safeParse(card).success).toBe(true);
    expect(card.data).toMatchObject({
      name: 'ดาวเหนือ',
      personality: lakorn.personality,
      description: `${lakorn.appearance}\n\n${lakorn.background}`,
      first_mes: lakorn.firstMessage,
      mes_example: lakorn.exampleMessages,
      tags: ['romantic'],
      creator: 'มะลิ',
      character_version: '3',
    });
    expect(card.data.extensions.lakorn).toEqual({
      version: 1,
      age: '24',
      gender: 'female',
      genre: 'romantic',
      appearance: lakorn.appearance,
      background: lakorn.background,
      description: 'สาวน้อยริมทะเล',
      isPublic: true,
      isSpicy: true,
    });
    // V1 readers find the same fields at the root.
    expect(card.first_mes).toBe(card.data.first_mes);
  });

  it('imports an exported Lakorn card back with the same fields', () => {
    const back = fromCard(JSON.parse(JSON.stringify(toCard(lakorn))));
    const { creatorUsername: _creator, version: _version, cardExtras: _extras, ...fields } = lakorn;
    expect(back.draft).toMatchObject({ ...fields, profileUrl: '' });
    expect(back.overLong).toEqual([]);
    expect(back.notes).toEqual([]);
    // The draft passes the server's own validation.
    expect(CharacterInput.safeParse({ ...back.draft }).success).toBe(true);
  });
});

describe('Character Card V2 import of a card made by another tool', () => {
  const json = JSON.parse(fixture('foreign-card-v2.json').toString('utf8'));

  it('fills the draft from the V2 data: description becomes background, genre comes from the tags', () => {
    const { draft, notes } = fromCard(json);
    expect(draft).toMatchObject({
      name: 'Mali',
      personality: 'warm, teasing, stubborn about flowers, secretly romantic',
      firstMessage: json.data.first_mes,
      exampleMessages: json.data.mes_example,
      background: json.data.description,
      appearance: '',
      genre: 'romantic',
      gender: null,
      isPublic: false,
      isSpicy: false,
      description: '',
    });
    expect(notes).toHaveLength(3); // scenario, alternate greetings, lorebook
  });

  it('lists over-long fields for trimming and never cuts them', () => {
    const long = { ...json, data: { ...json.data, personality: 'ก'.repeat(1200), description: 'ข'.repeat(1001) } };
    const { draft, overLong } = fromCard(long);
    expect(draft.personality).toHaveLength(1200);
    expect(overLong).toEqual([
      { field: 'personality', length: 1200, max: 1000 },
      { field: 'background', length: 1001, max: 1000 },
    ]);
  });

  it('keeps unknown extensions and the parts Lakorn has no field for through a round trip', () => {
    const { draft } = fromCard(json);
    const exported = toCard({
      ...draft,
      gender: 'female',
      genre: draft.genre ?? 'daily',
      creatorUsername: 'someone-else',
      version: 1,
    });
    const ext = exported.data.extensions;
    expect(ext.depth_prompt).toEqual(json.data.extensions.depth_prompt);
    expect(ext.chub).toEqual(json.data.extensions.chub);
    expect(ext).toMatchObject({ talkativeness: '0.5', fav: false, world: 'Bangkok Nights' });
    expect(exported.data).toMatchObject({
      scenario: json.data.scenario,
      creator_notes: json.data.creator_notes,
      post_history_instructions: json.data.post_history_instructions,
      alternate_greetings: json.data.alternate_greetings,
      character_book: json.data.character_book,
      creator: 'jasmine_writer',
      character_version: '1.3',
    });
    expect(exported.data.tags).toEqual(['romantic', 'Romance', 'Slice of Life', 'Female', 'Thailand']);
    // ...and a second import of that export gives the same draft.
    expect(fromCard(JSON.parse(JSON.stringify(exported))).draft).toMatchObject({ ...draft, gender: 'female' });
  });

  it('reads the same card from the PNG written by another tool (base64 in a chara tEXt chunk before IDAT)', () => {
    const png = fixture('foreign-card-v2.png');
    expect(isPng(png)).toBe(true);
    const chara = readPngTexts(png).find((t) => t.keyword === 'chara');
    expect(chara).toBeDefined();
    const card = JSON.parse(Buffer.from(chara?.text ?? '', 'base64').toString('utf8'));
    expect(fromCard(card)).toEqual(fromCard(json));
  });

  it('accepts a V1 card (fields at the root) and refuses what is not a card', () => {
    const v1 = { name: 'Old', description: 'desc', personality: 'p', scenario: '', first_mes: 'hi', mes_example: '' };
    expect(fromCard(v1).draft).toMatchObject({ name: 'Old', background: 'desc', personality: 'p', firstMessage: 'hi' });
    expect(() => fromCard({ spec: 'something_else', data: {} })).toThrow(InvalidCard);
    expect(() => fromCard([1, 2])).toThrow(InvalidCard);
    expect(() => fromCard({ hello: 'world' })).toThrow(InvalidCard);
  });

  it('trusts extensions.lakorn for appearance and background only while the description is the one it wrote', () => {
    const card = toCard(lakorn);
    card.data.description = 'เขียนใหม่ในโปรแกรมอื่น';
    const { draft } = fromCard(card);
    expect(draft).toMatchObject({ appearance: '', background: 'เขียนใหม่ในโปรแกรมอื่น', age: '24', genre: 'romantic' });
  });

  it('finds a genre in English or Thai tags', () => {
    expect(genreFromTags(['Female', 'Slice of Life'])).toBe('daily');
    expect(genreFromTags(['ผจญภัย'])).toBe('adventure');
    expect(genreFromTags(['NSFW'])).toBeNull();
  });
});

describe('PNG text chunks', () => {
  it('writes a chara chunk that reads back, replacing an older card and keeping the picture', () => {
    const png = makePng(4, 4);
    const once = withPngText(png, 'chara', 'Zmlyc3Q=');
    const twice = withPngText(once, 'chara', 'c2Vjb25k', ['ccv3']);
    expect(readPngTexts(twice)).toEqual([{ keyword: 'chara', text: 'c2Vjb25k' }]);
    // Every original chunk is still there, in order, around the new one.
    expect(twice.subarray(0, png.length - 12).equals(png.subarray(0, png.length - 12))).toBe(true);
  });

  it('refuses a file that is not a PNG, or whose chunk is corrupt', () => {
    expect(() => readPngTexts(Buffer.from('GIF89a'))).toThrow(InvalidPngError);
    const broken = Buffer.from(makePng());
    broken.writeUInt8((broken.readUInt8(broken.length - 20) ^ 0xff) & 0xff, broken.length - 20);
    expect(() => readPngTexts(broken)).toThrow(InvalidPngError);
  });
});
