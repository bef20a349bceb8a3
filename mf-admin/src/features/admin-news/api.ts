import {
  CACHE,
  type CreateNewsBody,
  type CreateSpecialDayBody,
  type NewsItem,
  type SpecialCheckinDay,
  type UploadResult,
} from '@lakorn/contracts/web';
import { mutate as apiMutate, request, useApi } from '@lakorn/shell-sdk';

// spec §7 "News and check-in" and "Admin": the news and special-day calls of /admin/news.

/** The same query /news reads, so adding or deleting here refreshes what members see. */
export const NEWS_PATH = '/api/news';
export const SPECIAL_DAYS_PATH = '/api/special-checkin-days';

/** spec §9: admin lists are cached 1 minute. */
export function useNewsList() {
  return useApi<NewsItem[]>(NEWS_PATH, { maxAgeMs: CACHE.adminLists });
}

export function useSpecialDays() {
  return useApi<SpecialCheckinDay[]>(SPECIAL_DAYS_PATH, { maxAgeMs: CACHE.adminLists });
}

/** POST /api/admin/news: body title, content, type, imageUrl, userId (spec §7; the uid, spec §6). */
export function createNews(body: CreateNewsBody): Promise<NewsItem> {
  return apiMutate<NewsItem>('POST', '/api/admin/news', body);
}

/** DELETE /api/admin/news/{id}: body userId; 204 without a body. */
export function deleteNews(id: string, uid: string): Promise<null> {
  return apiMutate<null>('DELETE', `/api/admin/news/${encodeURIComponent(id)}`, { userId: uid });
}

/** POST /api/admin/special-checkin-days: body date (ISO yyyy-MM-dd), coinAmount, description, userId. */
export function createSpecialDay(body: CreateSpecialDayBody): Promise<SpecialCheckinDay> {
  return apiMutate<SpecialCheckinDay>('POST', '/api/admin/special-checkin-days', body);
}

/** DELETE /api/admin/special-checkin-days/{id}: body userId; 204 means success with no body (spec §7). */
export function deleteSpecialDay(id: string, uid: string): Promise<null> {
  return apiMutate<null>('DELETE', `/api/admin/special-checkin-days/${encodeURIComponent(id)}`, { userId: uid });
}

/**
 * The news image goes through the catalog's upload (spec §7 POST /api/upload/character-image,
 * multipart `image` and `userId`), which answers {url}. Sent once: a retried upload of the same
 * file would only store it twice.
 */
export function uploadNewsImage(file: File, userId: string): Promise<UploadResult> {
  const form = new FormData();
  form.append('image', file);
  form.append('userId', userId);
  return request<UploadResult>('/api/upload/character-image', { method: 'POST', body: form });
}
