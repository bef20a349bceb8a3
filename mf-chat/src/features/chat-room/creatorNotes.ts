import type { Character } from '@lakorn/contracts/web';
import { useApi } from '@lakorn/shell-sdk';

/**
 * A Card V3 character's creator notes in Thai (`creator_notes_multilingual.th`, kept by the catalog
 * as `creatorNotesMultilingual`), for the character's details in the chat's options. The chat's
 * own copy of the character holds only what its header always shows, so the notes are read from
 * GET /api/characters/{id}, only once the details are opened (`characterId` null until then).
 * Blank, missing or unreadable: null, and the details show what they always did.
 */
export function useCreatorNotesTh(characterId: string | null): string | null {
  const { data } = useApi<Character>(characterId ? `/api/characters/${encodeURIComponent(characterId)}` : null);
  const notes = data?.creatorNotesMultilingual.th?.trim();
  return notes ? notes : null;
}
