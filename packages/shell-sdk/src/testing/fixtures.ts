import type { Character, CharacterSummary, Profile } from '@lakorn/contracts/web';

/** A member signed in with Google: no roles (spec §6). */
export const member: Profile = {
  id: 'p1',
  uid: 'google-1',
  email: 'malee@example.test',
  username: 'มะลิ',
  profileUrl: '',
  coins: 100,
  isAdmin: false,
  isOwner: false,
  seenMaintenanceNotice: true,
  ageConfirmed: false,
  createdAt: '2025-01-01T00:00:00.000Z',
};

/** admin@lakorn.local: admin and owner (ARCHITECTURE §5). */
export const owner: Profile = { ...member, id: 'p-owner', uid: 'dev-owner', email: 'admin@lakorn.local', username: 'แอดมิน', coins: 0, isAdmin: true, isOwner: true };

/** An admin who is not the owner (spec §6: owner-only pages refuse them). */
export const admin: Profile = { ...owner, id: 'p-admin', uid: 'dev-admin', email: 'moderator@lakorn.local', isOwner: false };

/** A fixture maker: `defaults` with the test's `overrides` on top. */
export const fixtureOf =
  <T extends object>(defaults: T) =>
  (overrides: Partial<T> = {}): T => ({ ...defaults, ...overrides });

/** The fields a character card and the whole character share (see characterSummary, character). */
const CHARACTER_BASE = {
  id: 'char1',
  userId: member.id,
  name: 'ดาวเหนือ',
  age: '24',
  gender: 'female',
  genre: 'romantic',
  isPublic: true,
  isSpicy: false,
  description: 'สาวริมทะเล',
  profileUrl: '',
  likes: 0,
  creatorUsername: member.username,
  version: 1,
  hidden: false,
  hiddenReason: null,
  adultOverride: null,
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
} satisfies Omit<CharacterSummary, 'personalityPreview'>;

/** A public character card as lists show it (discover, the library), created by `member`. */
export const characterSummary = fixtureOf<CharacterSummary>({ ...CHARACTER_BASE, personalityPreview: 'อ่อนโยน' });

/**
 * The whole of `characterSummary`'s character, as its page, its chat and the wizard read it
 * (GET /api/characters/{id}): the long texts short or empty, no greetings, notes or lorebook.
 */
export const character = fixtureOf<Character>({
  ...CHARACTER_BASE,
  appearance: '',
  personality: 'อ่อนโยน',
  firstMessage: 'สวัสดีค่ะ',
  background: '',
  exampleMessages: '',
  cardExtras: '',
  alternateGreetings: [],
  creatorNotesMultilingual: {},
});
