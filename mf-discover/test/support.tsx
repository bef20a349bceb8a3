import type { CharacterSummary, Profile } from '@lakorn/contracts/web';
import { characterSummary, member, renderWithShell } from '@lakorn/shell-sdk/testing';
import App from '../src/App';

/** Discover's tests sign in with 1,234 coins: the header badge shows the thousands separator. */
export const profile: Profile = { ...member, coins: 1234 };

let counter = 0;
/** A card by another creator, numbered so that every call gives a new one. */
export function summary(overrides: Partial<CharacterSummary> = {}): CharacterSummary {
  counter += 1;
  const numbered = { id: `c${counter}`, name: `ตัวละคร ${counter}`, description: `คำอธิบาย ${counter}` };
  return characterSummary({ ...numbered, userId: 'creator', creatorUsername: 'นักเขียน', age: '', personalityPreview: 'ใจดี', ...overrides });
}

/** The discover remote at `path` under the shell's providers; `user` null: signed out. */
export const renderAt = (path: string, user: Partial<Profile> | null = {}) =>
  renderWithShell(<App />, { path, profile: user === null ? null : { ...profile, ...user } });
