import type { CharacterStats } from '@lakorn/contracts/web';
import { useApi } from '@lakorn/shell-sdk';

/** GET /api/characters/{id}/stats (the owner and admins only). */
export function useCharacterStats(characterId: string) {
  return useApi<CharacterStats>(`/api/characters/${encodeURIComponent(characterId)}/stats`);
}
