import request from 'supertest';
import { catalogForThisFile, createCharacter, member } from './support/harness';

// The gateway's read for /c/{id} (README "Share pages"): what a link preview may show, and only
// for a public, visible, all-ages character.

const h = catalogForThisFile('catalog_share');
const creator = member();
/** Spicy characters are written by members who confirmed being 18 or older (the age gate). */
const adultCreator = member({ adult: true });

const sharePath = (id: string) => `/internal/characters/${id}/share`;

/** Sets moderation fields as an admin's decision stores them (the moderation API is guard's). */
async function setStored(id: string, fields: Record<string, unknown>): Promise<void> {
  await h.connection.collection<{ _id: string }>('characters').updateOne({ _id: id }, { $set: fields });
}

describe('GET /internal/characters/:id/share (the share page read)', () => {
  it('answers a public all-ages character with its id, name, description and image path only, no session needed', async () => {
    const { id } = await createCharacter(h.app, creator.cookie, {
      name: 'ต้นกล้า "<>&\'',
      description: 'เพื่อนร่วมทางผู้ร่าเริง',
      profileUrl: '/character-images/0123456789abcdef01234567.png',
    });
    const res = await request(h.app).get(sharePath(id));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id,
      name: 'ต้นกล้า "<>&\'',
      description: 'เพื่อนร่วมทางผู้ร่าเริง',
      imageUrl: '/character-images/0123456789abcdef01234567.png',
    });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answers 404 for a private character, naming nothing', async () => {
    const { id } = await createCharacter(h.app, creator.cookie, { name: 'ความลับสุดยอด', isPublic: false, description: '' });
    const res = await request(h.app).get(sharePath(id));
    expect(res.status).toBe(404);
    expect(JSON.stringify(res.body)).not.toContain('ความลับสุดยอด');
  });

  it('answers 404 for a spicy (18+) character', async () => {
    const { id } = await createCharacter(h.app, adultCreator.cookie, { genre: 'romantic', isSpicy: true });
    expect((await request(h.app).get(sharePath(id))).status).toBe(404);
  });

  it('answers 404 for a character an admin marked 18+, and 200 for a spicy one an admin cleared', async () => {
    const marked = await createCharacter(h.app, creator.cookie, { genre: 'adventure' });
    await setStored(marked.id, { adultOverride: true });
    expect((await request(h.app).get(sharePath(marked.id))).status).toBe(404);

    const cleared = await createCharacter(h.app, adultCreator.cookie, { genre: 'romantic', isSpicy: true });
    await setStored(cleared.id, { adultOverride: false });
    expect((await request(h.app).get(sharePath(cleared.id))).status).toBe(200);
  });

  it('answers 404 for a hidden character', async () => {
    const { id } = await createCharacter(h.app, creator.cookie);
    expect((await request(h.app).get(sharePath(id))).status).toBe(200);
    await setStored(id, { hidden: true, hiddenReason: 'admin' });
    expect((await request(h.app).get(sharePath(id))).status).toBe(404);
  });

  it('answers 404 for an unknown id and 400 for one longer than an id may be', async () => {
    expect((await request(h.app).get(sharePath('0123456789abcdef01234567'))).status).toBe(404);
    expect((await request(h.app).get(sharePath('x'.repeat(201)))).status).toBe(400);
  });

  it('answers 404 for a deleted character', async () => {
    const { id } = await createCharacter(h.app, creator.cookie);
    expect((await request(h.app).delete(`/api/characters/${id}`).set('Cookie', creator.cookie)).status).toBe(204);
    expect((await request(h.app).get(sharePath(id))).status).toBe(404);
  });
});
