import { CharacterSnapshot, toCharacterSnapshot } from '../src';

const fields = {
  userId: 'u1',
  name: 'Mali',
  age: '20',
  gender: 'female',
  genre: 'daily',
  appearance: 'tall',
  personality: 'kind',
  firstMessage: 'hi',
  background: 'Bangkok',
  exampleMessages: '',
  isPublic: true,
  isSpicy: false,
  description: 'a friend',
  profileUrl: '',
} as const;

describe('toCharacterSnapshot (ARCHITECTURE §4: the snapshot catalog.character.updated carries)', () => {
  it('takes exactly the schema’s fields from a stored document, `_id` as id and a Date as ISO text', () => {
    const updatedAt = new Date('2026-01-02T03:04:05.000Z');
    const stored = { _id: 'c1', ...fields, cardExtras: '{}', rank: 7, version: 3, updatedAt };
    const snapshot = toCharacterSnapshot(stored);
    expect(snapshot).toEqual({ id: 'c1', ...fields, updatedAt: '2026-01-02T03:04:05.000Z' });
    expect(Object.keys(snapshot).sort()).toEqual(Object.keys(CharacterSnapshot.shape).sort());
    expect(CharacterSnapshot.parse(snapshot)).toEqual(snapshot);
  });

  it('leaves what only the catalog’s API shows out of a Character', () => {
    const character = { id: 'c1', ...fields, cardExtras: '', likes: 4, creatorUsername: 'ann', version: 2, createdAt: 'x', updatedAt: 'y' };
    expect(toCharacterSnapshot(character)).toEqual({ id: 'c1', ...fields, updatedAt: 'y' });
  });
});
