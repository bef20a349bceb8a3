import { readFileSync } from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { LOREBOOK_LIMITS, type CardImportResult, type Character, type CharacterDraft } from '@lakorn/contracts';
import { withPngText } from '../src/domain/pngText';
import { catalogForThisFile, characterInput, createCharacter, member } from './support/harness';
import { makePng } from './support/images';

// Lorebooks, alternate greetings and multilingual creator notes (beyond the spec, ARCHITECTURE §6
// extensions): who sees the lorebook, its limits, and Card V2/V3 cards written to their
// specifications surviving import → export → import with every field equal.

const h = catalogForThisFile('catalog_lorebook');
const owner = member();
const fixture = (name: string) => readFileSync(path.join(__dirname, 'fixtures', name));
const fixtureJson = (name: string) => JSON.parse(fixture(name).toString('utf8')) as { data: Record<string, unknown> & { character_book: { entries: unknown[] } } };

const lorebook = {
  entries: [
    { keys: ['มังกร', 'dragon'], secondaryKeys: [], content: 'มังกรน้ำแข็งเฝ้ายอดเขา', enabled: true, constant: false, order: 10 },
    { keys: [], content: 'อาณาจักรหนาวตลอดปี', constant: true, order: 0 },
  ],
  budgetTokens: 500,
  scanDepth: 6,
};

const importCard = (bytes: Buffer, filename: string) =>
  request(h.app).post('/api/upload/character-card').set('Cookie', owner.cookie).attach('card', bytes, filename);

/** A draft as a create body: the wizard asks for what the card did not say (gender, genre). */
const bodyOf = (draft: CharacterDraft) => ({ ...draft, gender: draft.gender ?? 'female', genre: draft.genre ?? 'adventure' });

/** Import a card, save it, export it, import the export: both drafts and the exported card. */
async function roundTrip(bytes: Buffer, filename: string) {
  const first = await importCard(bytes, filename);
  expect(first.status).toBe(200);
  const imported = first.body as CardImportResult;
  const created = await request(h.app).post('/api/characters').set('Cookie', owner.cookie).send(bodyOf(imported.draft));
  expect(created.status).toBe(201);
  const exported = await request(h.app).get(`/api/characters/${(created.body as Character).id}/card`).set('Cookie', owner.cookie);
  expect(exported.status).toBe(200);
  const again = await importCard(Buffer.from(JSON.stringify(exported.body)), 'again.json');
  expect(again.status).toBe(200);
  return { first: imported, card: exported.body as { data: Record<string, unknown> & { character_book: { entries: unknown[] } } }, again: again.body as CardImportResult };
}

describe('lorebook on characters', () => {
  it('is stored with the character and shown to its owner and to admins, never to other members', async () => {
    const created = await createCharacter(h.app, owner.cookie, { lorebook: lorebook as never, alternateGreetings: ['สวัสดีอีกแบบ'] });
    expect(created.lorebook).toMatchObject({ budgetTokens: 500, scanDepth: 6, entries: [{ keys: ['มังกร', 'dragon'], matchSubstring: false }, { constant: true, enabled: true }] });

    const mine = await request(h.app).get(`/api/characters/${created.id}`).set('Cookie', owner.cookie);
    expect(mine.body.lorebook.entries).toHaveLength(2);
    const admin = member({ isAdmin: true });
    expect((await request(h.app).get(`/api/characters/${created.id}`).set('Cookie', admin.cookie)).body.lorebook.entries).toHaveLength(2);

    const other = member();
    const theirs = await request(h.app).get(`/api/characters/${created.id}`).set('Cookie', other.cookie);
    expect(theirs.status).toBe(200);
    expect(theirs.body).not.toHaveProperty('lorebook');
    // Greetings are no secret: every chat with the character shows them.
    expect(theirs.body.alternateGreetings).toEqual(['สวัสดีอีกแบบ']);
  });

  it('an update that leaves the lorebook, greetings and creator notes out keeps them; one that sends them replaces them', async () => {
    const created = await createCharacter(h.app, owner.cookie, { lorebook: lorebook as never, alternateGreetings: ['ทักแบบสอง'], creatorNotesMultilingual: { th: 'บันทึก' } });
    const { lorebook: _book, alternateGreetings: _greetings, creatorNotesMultilingual: _notes, ...olderWizard } = characterInput({ name: 'ชื่อใหม่' });
    const kept = await request(h.app).put(`/api/characters/${created.id}`).set('Cookie', owner.cookie).send(olderWizard);
    expect(kept.status).toBe(200);
    expect(kept.body).toMatchObject({ name: 'ชื่อใหม่', alternateGreetings: ['ทักแบบสอง'], creatorNotesMultilingual: { th: 'บันทึก' } });
    expect(kept.body.lorebook.entries).toHaveLength(2);
    const emptied = await request(h.app).put(`/api/characters/${created.id}`).set('Cookie', owner.cookie).send({ ...olderWizard, lorebook: { entries: [] }, alternateGreetings: [] });
    expect(emptied.body.lorebook.entries).toEqual([]);
    expect(emptied.body.alternateGreetings).toEqual([]);
    // A new character whose body said nothing of them has none.
    const plain = await request(h.app).post('/api/characters').set('Cookie', owner.cookie).send(olderWizard);
    expect(plain.body).toMatchObject({ alternateGreetings: [], creatorNotesMultilingual: {}, lorebook: { entries: [], scanDepth: LOREBOOK_LIMITS.scanDepthDefault } });
  });

  it('is never in a listing (discover, a member’s characters)', async () => {
    const created = await createCharacter(h.app, owner.cookie, { lorebook: lorebook as never, name: 'ลอร์ลิสต์' });
    const other = member();
    const listed = await request(h.app).get('/api/characters/public').query({ q: 'ลอร์ลิสต์' }).set('Cookie', other.cookie);
    const found = (listed.body.characters as Array<Record<string, unknown>>).find((c) => c.id === created.id);
    expect(found).toBeDefined();
    expect(found).not.toHaveProperty('lorebook');
    expect(found).not.toHaveProperty('alternateGreetings');
    const own = await request(h.app).get(`/api/characters/user/${owner.actor.id}`).set('Cookie', owner.cookie);
    for (const summary of own.body as Array<Record<string, unknown>>) expect(summary).not.toHaveProperty('lorebook');
  });

  it('travels whole in catalog.character.updated (chat prompts with it)', async () => {
    const created = await createCharacter(h.app, owner.cookie, { lorebook: lorebook as never });
    const events = await h.pendingEvents('catalog.character.updated');
    const event = events.find((e) => e.payload.character.id === created.id);
    expect(event?.payload.character.lorebook?.entries.map((e) => e.content)).toEqual(['มังกรน้ำแข็งเฝ้ายอดเขา', 'อาณาจักรหนาวตลอดปี']);
  });

  it('takes 200 entries of 2 000 characters and refuses a 201st entry or a 2 001st character', async () => {
    // Latin text: 200 full entries of Thai (3 bytes a character) would pass the 1 MB body limit.
    const entry = (i: number) => ({ keys: [`คำ${i}`], content: 'a'.repeat(LOREBOOK_LIMITS.contentMax) });
    const full = { entries: Array.from({ length: LOREBOOK_LIMITS.entries }, (_, i) => entry(i)) };
    const created = await createCharacter(h.app, owner.cookie, { lorebook: full as never });
    expect(created.lorebook).toMatchObject({ scanDepth: LOREBOOK_LIMITS.scanDepthDefault });

    const tooMany = { entries: Array.from({ length: LOREBOOK_LIMITS.entries + 1 }, (_, i) => entry(i)) };
    const many = await request(h.app).put(`/api/characters/${created.id}`).set('Cookie', owner.cookie).send({ ...created, lorebook: tooMany });
    expect(many.status).toBe(400);
    const tooLong = { entries: [{ keys: ['ยาว'], content: 'ก'.repeat(LOREBOOK_LIMITS.contentMax + 1) }] };
    const thaiAtMax = { entries: [{ keys: ['ยาว'], content: 'ก'.repeat(LOREBOOK_LIMITS.contentMax) }] };
    expect((await request(h.app).put(`/api/characters/${created.id}`).set('Cookie', owner.cookie).send({ ...created, lorebook: thaiAtMax })).status).toBe(200);
    const long = await request(h.app).put(`/api/characters/${created.id}`).set('Cookie', owner.cookie).send({ ...created, lorebook: tooLong });
    expect(long.status).toBe(400);
    expect(long.body.code).toBe('VALIDATION');
  });
});

describe('Card V2 and V3 round trips (character_book, alternate greetings, unknown fields)', () => {
  it('a V2 card: import → export → import gives every field equal, and the exported book keeps every field of the card’s', async () => {
    const { first, card, again } = await roundTrip(fixture('card-v2-lorebook.json'), 'celestia.json');
    expect(first.draft.lorebook.entries).toHaveLength(4);
    expect(first.draft.lorebook).toMatchObject({ scanDepth: 4, budgetTokens: 600 });
    expect(first.draft.lorebook.entries[1]).toMatchObject({ keys: ['ดาบ'], secondaryKeys: ['ราชินี', 'เซเลสเทีย'], order: 20 });
    // Not selective: the card's secondary keys are not used, and are kept as they were.
    expect(first.draft.lorebook.entries[0]!.secondaryKeys).toEqual([]);
    expect(first.draft.lorebook.entries[2]).toMatchObject({ constant: true, matchSubstring: true });
    expect(first.draft.lorebook.entries[3]).toMatchObject({ enabled: false });
    expect(first.draft.alternateGreetings).toHaveLength(2);
    expect(first.notes.join(' ')).not.toContain('ไม่ได้ใช้ในการสนทนา (lorebook)');
    expect(first.notes).toContain('สมุดข้อมูล (lorebook) ของการ์ด 4 รายการถูกนำเข้า และจะถูกใส่ในการสนทนาเมื่อคำสำคัญของรายการปรากฏ');

    expect({ ...again.draft, profileUrl: '' }).toEqual({ ...bodyOf(first.draft), profileUrl: '' });
    const original = fixtureJson('card-v2-lorebook.json').data;
    expect(card.data.character_book).toMatchObject(original.character_book);
    expect(card.data.alternate_greetings).toEqual(original.alternate_greetings);
    expect(card.data.extensions).toMatchObject(original.extensions as object);
    for (const key of ['scenario', 'creator_notes', 'system_prompt', 'post_history_instructions', 'creator', 'character_version']) {
      expect(card.data[key]).toEqual(original[key]);
    }
  });

  it('a V3 JSON card: the same, with creator_notes_multilingual as its own field and V3-only fields kept', async () => {
    const { first, card, again } = await roundTrip(fixture('card-v3-lorebook.json'), 'arthur.json');
    expect(first.draft.creatorNotesMultilingual.th).toBe('ตัวละครสายชีวิตประจำวันที่อบอุ่น เหมาะกับการคุยสบาย ๆ');
    expect(first.draft.lorebook).toMatchObject({ scanDepth: 6, budgetTokens: 400 });
    expect(first.notes).toContain('สมุดข้อมูลมี 1 รายการที่ใช้คำสำคัญแบบ regex ซึ่งจะถูกจับคู่เป็นข้อความธรรมดา');
    expect({ ...again.draft, profileUrl: '' }).toEqual({ ...bodyOf(first.draft), profileUrl: '' });
    const original = fixtureJson('card-v3-lorebook.json').data;
    expect(card.data.character_book).toMatchObject(original.character_book);
    for (const key of ['creator_notes_multilingual', 'group_only_greetings', 'nickname', 'source', 'creation_date', 'modification_date', 'assets', 'alternate_greetings']) {
      expect(card.data[key]).toEqual(original[key]);
    }
    expect(card.data.extensions).toMatchObject(original.extensions as object);
  });

  it('a V3 PNG card is read from its ccv3 chunk, which wins over a V2 chara chunk beside it', async () => {
    const v3 = fixture('card-v3-lorebook.json').toString('utf8');
    const stale = JSON.stringify({ spec: 'chara_card_v2', spec_version: '2.0', data: { name: 'Old Arthur', first_mes: 'hi', personality: 'x' } });
    let png = withPngText(makePng(16, 16), 'chara', Buffer.from(stale).toString('base64'));
    png = withPngText(png, 'ccv3', Buffer.from(v3).toString('base64'));
    const fromPng = await importCard(png, 'arthur.png');
    expect(fromPng.status).toBe(200);
    const fromJson = await importCard(Buffer.from(v3), 'arthur.json');
    const draft = (fromPng.body as CardImportResult).draft;
    expect(draft.name).toBe('Arthur');
    expect(draft.profileUrl).toMatch(/^\/character-images\//);
    expect({ ...draft, profileUrl: '' }).toEqual((fromJson.body as CardImportResult).draft);
  });
});
