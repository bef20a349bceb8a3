// Catalog values the browser needs, zod-free (they reach every bundle through ../web.ts).
import type { CharacterSummary } from '../catalog';
import { LIMITS, type Genre } from '../constants';

/** spec §2: a card shows the public description when there is one, else the personality preview. */
export function cardText(character: Pick<CharacterSummary, 'isPublic' | 'description' | 'personalityPreview'>): string {
  return character.isPublic && character.description.trim() !== '' ? character.description : character.personalityPreview;
}

/** spec §2 category row: the genres' Thai names, wherever a genre is shown (discover, the wizard, the chat header). */
export const GENRE_LABELS: Record<Genre, string> = {
  romantic: 'โรแมนติก',
  adventure: 'ผจญภัย',
  daily: 'ชีวิตประจำวัน',
  friendship: 'มิตรภาพ',
};

export const PUBLIC_PAGE_DEFAULT = 20;
export const PUBLIC_PAGE_MAX = 50;
export const SEARCH_QUERY_MAX = 100;
export const SEED_MAX = 2 ** 32 - 1;

export const DRAFT_LIMITS = {
  name: LIMITS.characterName,
  appearance: LIMITS.appearance,
  personality: LIMITS.personality,
  background: LIMITS.background,
  exampleMessages: LIMITS.exampleMessages,
  description: LIMITS.publicDescription,
} as const;
export type DraftLimitedField = keyof typeof DRAFT_LIMITS;
