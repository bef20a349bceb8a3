import { entryFires, isOneSyllableThaiKey, keyFires, LoreText, thaiSyllableCount } from '../src';

// The lorebook's key matching (values/lorebookMatch.ts): whole words after NFKC, Thai boundaries
// from Intl.Segmenter corrected by the book's keys and the character's names.

type Case = [key: string, text: string, fires: boolean, why: string, known?: string[]];

const CASES: Case[] = [
  // Thai: the examples the lorebook rules name, then more of the same kind.
  ['แมว', 'ฉันรักแมวมาก', true, 'a Thai word between Thai words'],
  ['แมว', 'แมวน้ำว่ายน้ำเก่ง', false, 'inside a longer word (seal)'],
  ['ตา', 'ตาของเธอสวย', true, 'a one-syllable word on its own'],
  ['ตา', 'ตามฉันมา', false, 'the start of ตาม (follow)'],
  ['เซเลสเทีย', 'เซเลสเทียกำลังมา', true, 'a made-up name the segmenter cuts apart'],
  ['เซเลสเทีย', 'ฉันคิดถึงเซเลสเทียทุกวัน', true, 'a made-up name inside a sentence'],
  ['อาร์เธอร์', 'คุณอาร์เธอร์มาแล้ว', true, 'a transliterated name after a title'],
  ['ฮอกวอตส์', 'โรงเรียนเวทมนตร์ฮอกวอตส์', true, 'a made-up place at the end'],
  ['ฮอกวอตส์', 'ฮอกวอตส์อยู่ไกล', true, 'a made-up place at the start'],
  ['มังกร', 'ฉันเห็นมังกรบินผ่าน', true, 'a dictionary word mid-sentence'],
  ['ดาบ', 'ดาบศักดิ์สิทธิ์อยู่ในถ้ำ', true, 'a word at the start of the text'],
  ['ถ้ำ', 'ดาบศักดิ์สิทธิ์อยู่ในถ้ำ', true, 'a word at the end of the text'],
  ['ทะเล', 'ทะเลสาบมรกต', false, 'inside ทะเลสาบ (lake)'],
  ['ลาด', 'ไปตลาดกับแม่', false, 'the end of ตลาด (market)'],
  ['ตา', 'ดวงตาของเธอ', false, 'the end of the compound ดวงตา'],
  ['ตา', 'ตากแดดทั้งวัน', false, 'the start of ตาก (to dry)'],
  ['น้ำแข็ง', 'ราชินีน้ำแข็งมาแล้ว', true, 'a key of two segmenter words'],
  ['ข้าวมันไก่', 'ฉันชอบกินข้าวมันไก่', true, 'a key of three segmenter words'],
  ['ไก่', 'ฉันชอบกินข้าวมันไก่', true, 'the last word of a longer dish'],
  ['ราชินี', 'ราชินี น้ำแข็ง', true, 'a word before a space'],
  ['เซเลสเทีย', 'เซเลสเทียนา', false, 'a name inside a longer made-up name that is also known', ['เซเลสเทียนา']],
  ['น้ำ', 'แมวน้ํา', false, 'NFKC: a decomposed ำ (ํา) is the same letter, inside แมวน้ำ'],
  ['แมวน้ํา', 'ฉันรักแมวน้ำ', true, 'NFKC: a key typed with ํา matches the usual spelling'],
  // Latin.
  ['dragon', 'I saw a Dragon', true, 'case-insensitive, on word boundaries'],
  ['dragon', 'a dragonfly flew by', false, 'inside a longer word'],
  ['dragon', 'DRAGON!', true, 'punctuation is a boundary'],
  ['dragon', 'two dragons', false, 'a plural is a longer word'],
  ['red dragon', 'the Red Dragon wakes', true, 'a key of two words'],
  ['dragon', 'ｄｒａｇｏｎ awakes', true, 'NFKC: full-width letters are the same letters'],
  ['café', 'at the cafe\u0301 today', true, 'NFKC: a combining accent is the same letter'],
  ['ali', 'Alice waves', false, 'a name inside a longer name'],
  // Mixed Thai and Latin.
  ['Seraphina', 'สวัสดีSeraphinaจ้า', true, 'a Latin name between Thai words, no spaces'],
  ['ดาบ', 'ดาบExcaliburของฉัน', true, 'a Thai word before a Latin one'],
  ['Excalibur', 'ถือดาบExcaliburไว้', true, 'a Latin word after a Thai one'],
  ['ดาบ Excalibur', 'เขาชักดาบ Excalibur ออกมา', true, 'a mixed key of two words'],
  ['Celestia', 'Celestiaกำลังมา', true, 'a Latin name before Thai'],
  ['ตา', 'ตา123', true, 'a digit after a Thai word is a boundary'],
];

describe('lorebook key matching (Thai-aware whole words after NFKC)', () => {
  it('has at least 30 cases', () => {
    expect(CASES.length).toBeGreaterThanOrEqual(30);
  });

  it.each(CASES.map(([key, text, fires, why, known]) => [key, text, fires, why, known ?? []] as const))('%s in %s → %s (%s)', (key, text, fires, _why, known) => {
    expect(keyFires(key, text, known)).toBe(fires);
  });

  it('a key fires inside longer words when its entry switches to substring matching', () => {
    expect(keyFires('ตา', 'ตามฉันมา', [], true)).toBe(true);
    expect(keyFires('dragon', 'a dragonfly', [], true)).toBe(true);
    expect(keyFires('dragon', 'a wyvern', [], true)).toBe(false);
  });

  it('the character’s names correct the boundaries of the keys beside them', () => {
    // Without the name, the segmenter's cut of เซเลสเทีย swallows the start of กับ.
    const text = new LoreText('เซเลสเทียกับมังกร', ['เซเลสเทีย', 'มังกร']);
    expect(text.has('มังกร')).toBe(true);
  });
});

describe('which entries fire', () => {
  const entry = { keys: ['มังกร'], secondaryKeys: [] as string[], enabled: true, constant: false, matchSubstring: false };
  const text = (t: string) => new LoreText(t, ['มังกร', 'ไฟ', 'น้ำแข็ง']);

  it('fires on any primary key when there are no secondary keys', () => {
    expect(entryFires(entry, text('มังกรบินมา'))).toBe(true);
    expect(entryFires(entry, text('นกบินมา'))).toBe(false);
  });

  it('with secondary keys needs a primary key AND any secondary key', () => {
    const fire = { ...entry, secondaryKeys: ['ไฟ', 'น้ำแข็ง'] };
    expect(entryFires(fire, text('มังกรพ่นไฟ'))).toBe(true);
    expect(entryFires(fire, text('มังกรน้ำแข็ง'))).toBe(true);
    expect(entryFires(fire, text('มังกรบินมา'))).toBe(false);
    expect(entryFires(fire, text('ไฟไหม้'))).toBe(false);
  });

  it('a constant entry always fires and a disabled one never does', () => {
    expect(entryFires({ ...entry, constant: true }, text('นกบินมา'))).toBe(true);
    expect(entryFires({ ...entry, enabled: false }, text('มังกรบินมา'))).toBe(false);
    expect(entryFires({ ...entry, enabled: false, constant: true }, text('มังกรบินมา'))).toBe(false);
  });
});

describe('one-syllable Thai keys (the editor warns about them)', () => {
  it.each([
    ['ตา', true],
    ['แมว', true],
    ['น้ำ', true],
    ['ข้าว', true],
    ['เที่ยว', true],
    ['เซเลสเทีย', false],
    ['กำลัง', false],
    ['ไปมา', false],
    ['แมวน้ำ', false],
    ['dragon', false],
    ['ตา dragon', false],
  ])('%s → %s', (key, flagged) => {
    expect(isOneSyllableThaiKey(key)).toBe(flagged);
  });

  it('counts the syllables of longer words', () => {
    expect(thaiSyllableCount('เซเลสเทีย')).toBe(3);
    expect(thaiSyllableCount('มันไก่')).toBe(2);
  });
});
