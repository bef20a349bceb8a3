import { LOREBOOK_LIMITS } from '@lakorn/contracts';
import { lorebookFromCard, lorebookToCard } from '../../src/domain/characterBook';

// A card's character_book ⇄ a Lakorn lorebook (domain/characterBook.ts), the cases a round trip
// of the fixtures does not reach.

describe('character_book → lorebook', () => {
  it('reads no book, or a malformed one, as an empty book with the defaults', () => {
    for (const raw of [undefined, null, 'book', [], { entries: 'x' }]) {
      const { lorebook, notes } = lorebookFromCard(raw);
      expect(lorebook).toEqual({ entries: [], budgetTokens: LOREBOOK_LIMITS.budgetTokensDefault, scanDepth: LOREBOOK_LIMITS.scanDepthDefault, cardExtras: '' });
      expect(notes).toEqual([]);
    }
  });

  it('brings a budget or a scan depth past Lakorn’s limits within them, and says so', () => {
    const { lorebook, notes } = lorebookFromCard({ scan_depth: 3000, token_budget: 100_000, extensions: {}, entries: [] });
    expect(lorebook).toMatchObject({ scanDepth: LOREBOOK_LIMITS.scanDepthMax, budgetTokens: LOREBOOK_LIMITS.budgetTokensMax });
    expect(notes).toEqual([
      `งบโทเคนของสมุดข้อมูลถูกปรับจาก 100000 เป็น ${LOREBOOK_LIMITS.budgetTokensMax}`,
      `ระยะค้นหาของสมุดข้อมูลถูกปรับจาก 3000 เป็น ${LOREBOOK_LIMITS.scanDepthMax} ข้อความ`,
    ]);
  });

  it('uses secondary keys only when the entry is selective, and keeps the others as the card had them', () => {
    const book = {
      extensions: {},
      entries: [
        { keys: ['a'], content: 'x', extensions: {}, enabled: true, insertion_order: 1, selective: true, secondary_keys: ['b'] },
        { keys: ['a'], content: 'x', extensions: {}, enabled: true, insertion_order: 1, selective: false, secondary_keys: ['b'] },
        { keys: ['a'], content: 'x', extensions: {}, enabled: true, insertion_order: 1, selective: true, secondary_keys: [] },
      ],
    };
    const { lorebook } = lorebookFromCard(book);
    expect(lorebook.entries.map((e) => e.secondaryKeys)).toEqual([['b'], [], []]);
    const back = lorebookToCard(lorebook)!.entries as Array<Record<string, unknown>>;
    expect(back.map((e) => [e.selective, e.secondary_keys])).toEqual([[true, ['b']], [false, ['b']], [true, []]]);
  });

  it('drops blank keys, skips entries that are not objects, and counts the entries too long or past 200 for the wizard', () => {
    const long = { keys: [' ', 'k'], content: 'ก'.repeat(LOREBOOK_LIMITS.contentMax + 1), extensions: {}, enabled: true, insertion_order: 0 };
    const entries = [7, ...Array.from({ length: LOREBOOK_LIMITS.entries }, () => long)];
    const { lorebook, notes } = lorebookFromCard({ extensions: {}, entries });
    expect(lorebook.entries).toHaveLength(LOREBOOK_LIMITS.entries);
    expect(lorebook.entries[0]!.keys).toEqual(['k']);
    expect(notes).toContain(`สมุดข้อมูลมี ${LOREBOOK_LIMITS.entries} รายการที่ยาวเกิน ${LOREBOOK_LIMITS.contentMax} ตัวอักษร กรุณาตัดให้สั้นลงก่อนบันทึก`);
    const more = lorebookFromCard({ extensions: {}, entries: [...entries, long] });
    expect(more.lorebook.entries).toHaveLength(LOREBOOK_LIMITS.entries + 1);
    expect(more.notes).toContain(`สมุดข้อมูลมี ${LOREBOOK_LIMITS.entries + 1} รายการ เกินกว่าที่เก็บได้ ${LOREBOOK_LIMITS.entries} รายการ กรุณาลบบางรายการก่อนบันทึก`);
  });

  it('writes an entry switched to substring matching under extensions.lakorn, beside other tools’ extensions', () => {
    const { lorebook } = lorebookFromCard({ extensions: {}, entries: [{ keys: ['ตา'], content: 'x', extensions: { other: 1, lakorn: { matchSubstring: true } }, enabled: true, insertion_order: 0 }] });
    expect(lorebook.entries[0]).toMatchObject({ matchSubstring: true });
    expect((lorebookToCard(lorebook)!.entries as Array<Record<string, unknown>>)[0]!.extensions).toEqual({ other: 1, lakorn: { matchSubstring: true } });
  });
});

describe('lorebook → character_book', () => {
  it('writes no book for an empty lorebook that came from no card', () => {
    expect(lorebookToCard(undefined)).toBeUndefined();
    expect(lorebookToCard(lorebookFromCard(undefined).lorebook)).toBeUndefined();
  });
});
