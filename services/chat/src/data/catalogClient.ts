import { Character, toCharacterSnapshot } from '@lakorn/contracts';
import type { CatalogClient, CatalogReader } from '../domain/characters';
import { CatalogUnavailable } from '../domain/errors';

// Chat's client of the catalog: GET <CATALOG_URL>/api/characters/{id} for a character chat has no
// copy of yet (ARCHITECTURE §4), asked as the member, so the catalog's visibility rule decides.

/** A reader for a caller without a session: the catalog shows it nothing. */
const NOBODY: CatalogReader = { character: async () => null };

export function httpCatalogClient(baseUrl: string, timeoutMs = 5_000): CatalogClient {
  const root = baseUrl.replace(/\/+$/, '');
  return {
    as(sessionToken) {
      if (!sessionToken) return NOBODY;
      return {
        async character(id) {
          let response: Response;
          try {
            response = await fetch(`${root}/api/characters/${encodeURIComponent(id)}`, {
              headers: { Authorization: `Bearer ${sessionToken}`, Accept: 'application/json' },
              signal: AbortSignal.timeout(timeoutMs),
            });
          } catch {
            throw new CatalogUnavailable('The character catalog is unreachable');
          }
          if (response.status === 404 || response.status === 400 || response.status === 403) return null;
          if (!response.ok) throw new CatalogUnavailable(`The character catalog answered ${response.status}`);
          const parsed = Character.safeParse(await response.json());
          if (!parsed.success) throw new CatalogUnavailable('The character catalog answered an unexpected body');
          return { snapshot: toCharacterSnapshot(parsed.data), version: parsed.data.version };
        },
      };
    },
  };
}
