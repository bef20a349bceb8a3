import { CACHE, type NewsItem } from '@lakorn/contracts/web';
import { useApi } from '@lakorn/shell-sdk';

export const NEWS_PATH = '/api/news';

/** GET /api/news, newest first; cached 5 minutes (spec §9). */
export function useNews() {
  return useApi<NewsItem[]>(NEWS_PATH, { maxAgeMs: CACHE.news });
}
