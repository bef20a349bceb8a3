import { readFileSync } from 'node:fs';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import { CharacterCardV2, CharacterInput, Lorebook } from '@lakorn/contracts';
import { fromCard, genreFromTags, toCard, type CardCharacter } from '../../src/domain/characterCard';
import { InvalidCard } from '../../src/domain/errors';
import { InvalidPngError, isPng, noPngReadWork, PNG_READ_BUDGET, pngChunk, PngOverBudget, pngTextKeywords, readPngText, withPngText } from '../../src/domain/pngText';
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

  it('reads the same card from the PNG written by another tool (base64 in a chara tEXt chunk before IDAT)', async () => {
    const png = fixture('foreign-card-v2.png');
    expect(isPng(png)).toBe(true);
    const chara = await readPngText(png, ['ccv3', 'chara']);
    expect(chara?.keyword).toBe('chara');
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
  it('writes a chara chunk that reads back, replacing an older card and keeping the picture', async () => {
    const png = makePng(4, 4);
    const once = withPngText(png, 'chara', 'Zmlyc3Q=');
    const twice = withPngText(once, 'chara', 'c2Vjb25k', ['ccv3']);
    expect(pngTextKeywords(twice)).toEqual(['chara']);
    expect(await readPngText(twice, ['chara'])).toEqual({ keyword: 'chara', text: 'c2Vjb25k' });
    // Every original chunk is still there, in order, around the new one.
    expect(twice.subarray(0, png.length - 12).equals(png.subarray(0, png.length - 12))).toBe(true);
  });

  it('refuses a file that is not a PNG, or whose chunk is corrupt', async () => {
    await expect(readPngText(Buffer.from('GIF89a'), ['chara'])).rejects.toThrow(InvalidPngError);
    const broken = Buffer.from(makePng());
    broken.writeUInt8((broken.readUInt8(broken.length - 20) ^ 0xff) & 0xff, broken.length - 20);
    await expect(readPngText(broken, ['chara'])).rejects.toThrow(InvalidPngError);
  });
});

describe('reading a PNG card within PNG_READ_BUDGET (README "Cards")', () => {
  const zTXt = (keyword: string, text: string | Buffer) => pngChunk('zTXt', Buffer.concat([Buffer.from(`${keyword}\0\0`, 'latin1'), deflateSync(text)]));
  const iTXt = (keyword: string, text: string) => pngChunk('iTXt', Buffer.concat([Buffer.from(`${keyword}\0\x01\0th\0\0`, 'latin1'), deflateSync(Buffer.from(text, 'utf8'))]));
  const withChunks = (...chunks: Buffer[]) => {
    const png = makePng(4, 4);
    return Buffer.concat([png.subarray(0, png.length - 12), ...chunks, png.subarray(png.length - 12)]);
  };
  const budget = { ...PNG_READ_BUDGET, textBytes: 1_000, inflatedBytes: 1_500 };

  it('inflates only the first chunk of the keyword it reads, ccv3 before chara, and counts the work', async () => {
    const png = withChunks(zTXt('Comment', 'x'.repeat(5_000)), zTXt('chara', 'v2'), zTXt('ccv3', 'v3'), zTXt('ccv3', 'later'));
    const work = noPngReadWork();
    expect(await readPngText(png, ['ccv3', 'chara'], work)).toEqual({ keyword: 'ccv3', text: 'v3' });
    expect(work).toEqual({ chunksWalked: 7, textChunks: 4, textsInflated: 1, bytesInflated: 2 });
  });

  it('falls back to chara when the ccv3 chunk does not inflate, and reads UTF-8 iTXt', async () => {
    const broken = pngChunk('zTXt', Buffer.from('ccv3\0\0not zlib', 'latin1'));
    const work = noPngReadWork();
    expect(await readPngText(withChunks(broken, iTXt('chara', 'การ์ด')), ['ccv3', 'chara'], work)).toEqual({ keyword: 'chara', text: 'การ์ด' });
    expect(work.textsInflated).toBe(2);
  });

  it('refuses past the budget: one text, all texts together, text chunks, chunks', async () => {
    const work = noPngReadWork();
    await expect(readPngText(withChunks(zTXt('ccv3', 'x'.repeat(100_000))), ['ccv3'], work, budget)).rejects.toThrow(PngOverBudget);
    expect(work.bytesInflated).toBeGreaterThan(1_000);
    expect(work.bytesInflated).toBeLessThanOrEqual(1_000 + 16 * 1024);
    // The file's budget is shared: a ccv3 that inflates 900 bytes and then breaks leaves 600 for chara.
    const truncated = deflateSync(Buffer.alloc(900, 0x41)).subarray(0, -4); // no Adler-32: inflates, then fails
    const chara = zTXt('chara', 'y'.repeat(700));
    const shared = noPngReadWork();
    await expect(readPngText(withChunks(pngChunk('zTXt', Buffer.concat([Buffer.from('ccv3\0\0', 'latin1'), truncated])), chara), ['ccv3', 'chara'], shared, budget)).rejects.toThrow(PngOverBudget);
    expect([shared.textsInflated, shared.bytesInflated]).toEqual([2, 900 + 700]);
    await expect(readPngText(withChunks(chara), ['ccv3', 'chara'], noPngReadWork(), budget)).resolves.toEqual({ keyword: 'chara', text: 'y'.repeat(700) });
    await expect(readPngText(withChunks(pngChunk('tEXt', Buffer.from(`chara\0${'z'.repeat(1_001)}`, 'latin1'))), ['chara'], noPngReadWork(), budget)).rejects.toThrow(PngOverBudget);
    const notes = Array.from({ length: 65 }, () => pngChunk('tEXt', Buffer.from('Comment\0hi', 'latin1')));
    const counted = noPngReadWork();
    await expect(readPngText(withChunks(...notes), ['chara'], counted)).rejects.toThrow(PngOverBudget);
    // The 65th text chunk is the one that passes the budget: walked (IHDR, IDAT, 65), none inflated.
    expect([counted.textChunks, counted.chunksWalked, counted.textsInflated]).toEqual([65, 67, 0]);
    const idats = Array.from({ length: 50 }, () => pngChunk('IDAT', Buffer.alloc(0)));
    await expect(readPngText(withChunks(...idats), ['chara'], noPngReadWork(), { ...PNG_READ_BUDGET, chunks: 40 })).rejects.toThrow(PngOverBudget);
  });
});
