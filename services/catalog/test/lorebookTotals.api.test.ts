import request from 'supertest';
import { LOREBOOK_LIMITS as L } from '@lakorn/contracts';
import { lorebookFromCard } from '../src/domain/characterBook';
import { catalogForThisFile, characterInput, createCharacter, member } from './support/harness';

// A lorebook's per-book totals (contracts LOREBOOK_LIMITS.keysPerBook, keyCharactersPerBook; chat
// README "Lorebooks": they bound a send's lore step): a create or update past them is a 400 with
// a Thai message naming the total, and a card whose book passes them imports with a note saying
// what to trim, as for the per-item limits.

const h = catalogForThisFile('catalog_lorebook_totals');
const owner = member();

/** `entries` entries of `keys` keys each, every key `length` characters (each within the per-item limits). */
function book(entries: number, keys: number, length: number) {
  return {
    entries: Array.from({ length: entries }, (_, e) => ({
      keys: Array.from({ length: keys }, (_, k) => `${e}-${k}-`.padEnd(length, 'ก')),
      content: `ข้อ ${e}`,
    })),
  };
}

describe('lorebook totals on save', () => {
  it('takes a book at the totals and refuses one more key, in Thai', async () => {
    const atTotal = book(L.entries, L.keysPerBook / L.entries, 10);
    const created = await createCharacter(h.app, owner.cookie, { lorebook: atTotal as never });
    const more = book(L.entries, L.keysPerBook / L.entries, 10);
    more.entries[0]!.keys.push('อีกคำ');
    const refused = await request(h.app).put(`/api/characters/${created.id}`).set('Cookie', owner.cookie).send({ ...characterInput(), lorebook: more });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('VALIDATION');
    expect(refused.body.message).toContain(`คำสำคัญได้ไม่เกิน ${L.keysPerBook.toLocaleString('en-US')} คำ`);
    // Secondary keys count too.
    const secondary = book(L.entries, L.keysPerBook / L.entries, 10);
    (secondary.entries[1] as { secondaryKeys?: string[] }).secondaryKeys = ['รอง'];
    const alsoRefused = await request(h.app).post('/api/characters').set('Cookie', owner.cookie).send({ ...characterInput(), lorebook: secondary });
    expect(alsoRefused.status).toBe(400);
  });

  it('refuses a book whose keys pass keyCharactersPerBook characters, in Thai', async () => {
    // 200 keys of 60 characters: 12 000 characters, each key within keyMax.
    const long = book(L.entries, 1, 60);
    const refused = await request(h.app).post('/api/characters').set('Cookie', owner.cookie).send({ ...characterInput(), lorebook: long });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('VALIDATION');
    expect(refused.body.message).toContain(`ยาวรวมกันได้ไม่เกิน ${L.keyCharactersPerBook.toLocaleString('en-US')} ตัวอักษร`);
  });
});

describe('lorebook totals on card import', () => {
  it('imports a card book past the totals whole, with a Thai note on what to trim before saving', () => {
    const keys = Array.from({ length: 12 }, (_, k) => `คำ${k}`);
    const entries = Array.from({ length: 100 }, (_, e) => ({ keys: keys.map((key) => `${key}-${e}`), content: `ข้อ ${e}`, enabled: true, insertion_order: e, extensions: {} }));
    const { lorebook, notes } = lorebookFromCard({ extensions: {}, entries });
    expect(lorebook.entries.flatMap((entry) => entry.keys)).toHaveLength(1_200);
    expect(notes).toContainEqual(expect.stringContaining(`คำสำคัญได้ไม่เกิน ${L.keysPerBook.toLocaleString('en-US')} คำ`));
    expect(notes).toContainEqual(expect.stringContaining('กรุณาลบบางคำก่อนบันทึก'));
  });
});
