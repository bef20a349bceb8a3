import { useCallback, useMemo, useState } from 'react';
import type {
  AdminReport,
  AdminReportsPage,
  AuditEntry,
  AuditPage,
  Character,
  ModerationBody,
  ResolveReportBody,
} from '@lakorn/contracts/web';
import { getJson, mutate as apiMutate, useApi } from '@lakorn/shell-sdk';
import { useForgetQueries } from '../../shared/queries';

// The moderation calls (catalog README "Moderation and the age gate"): the report queue, the direct
// controls of a character and the audit log. The server decides; this screen shows what it
// answered.

export type ReportFilter = 'open' | 'all';

export const reportsPath = (status: ReportFilter, cursor?: string) =>
  `/api/admin/reports?status=${status}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
export const auditPath = (cursor?: string) => `/api/admin/audit${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`;

/** A list the server gives a page at a time: the first page is an SWR query, further pages follow the cursor. */
function usePaged<P, T>(firstPath: string, pathOf: (cursor: string) => string, itemsOf: (page: P) => T[], cursorOf: (page: P) => string | null) {
  const first = useApi<P>(firstPath);
  const [more, setMore] = useState<{ path: string; pages: P[] }>({ path: firstPath, pages: [] });
  const [loadingMore, setLoadingMore] = useState(false);
  const [moreFailed, setMoreFailed] = useState(false);
  const pages = useMemo(() => (more.path === firstPath ? more.pages : []), [more, firstPath]);
  const last = pages[pages.length - 1] ?? first.data ?? null;
  const nextCursor = last ? cursorOf(last) : null;

  const loadMore = useCallback(() => {
    if (!nextCursor || loadingMore) return;
    setLoadingMore(true);
    setMoreFailed(false);
    getJson<P>(pathOf(nextCursor))
      .then((page) => {
        if (!page) throw new Error('no page');
        setMore((current) => ({ path: firstPath, pages: [...(current.path === firstPath ? current.pages : []), page] }));
      })
      .catch(() => setMoreFailed(true))
      .finally(() => setLoadingMore(false));
  }, [nextCursor, loadingMore, pathOf, firstPath]);

  const items = useMemo(() => [first.data, ...pages].flatMap((p) => (p ? itemsOf(p) : [])), [first.data, pages, itemsOf]);
  /** Start again from the first page (after a change the pages after it may have moved). */
  const reload = useCallback(async () => {
    setMore({ path: firstPath, pages: [] });
    await first.mutate();
  }, [first, firstPath]);

  return {
    items,
    loading: first.isLoading,
    failed: !first.isLoading && (first.error !== undefined || first.data === null),
    hasMore: nextCursor !== null,
    loadingMore,
    moreFailed,
    loadMore,
    reload,
  };
}

const reportsOf = (page: AdminReportsPage) => page.reports;
const entriesOf = (page: AuditPage) => page.entries;
const nextOf = (page: { nextCursor: string | null }) => page.nextCursor;

/** GET /api/admin/reports: open ones first (oldest first), then resolved ones when asked for all. */
export function useReports(status: ReportFilter) {
  const pathOf = useCallback((cursor: string) => reportsPath(status, cursor), [status]);
  return usePaged<AdminReportsPage, AdminReport>(reportsPath(status), pathOf, reportsOf, nextOf);
}

/** GET /api/admin/audit: newest first. */
export function useAudit() {
  return usePaged<AuditPage, AuditEntry>(auditPath(), auditPath, entriesOf, nextOf);
}

/** GET /api/characters/{id}: admins see a hidden or 18+ character too. */
export function useModeratedCharacter(id: string | null) {
  return useApi<Character>(id ? `/api/characters/${encodeURIComponent(id)}` : null);
}

/**
 * After a change: members' cached lists (discover, the popular row, search) and the audit log are
 * forgotten, so the next visit loads them without the hidden character (spec §7 queries never go
 * stale by themselves). `alsoReports` forgets the queue too, when it is not the screen on show
 * (the queue reloads itself in place).
 */
export function useAfterModeration() {
  const forget = useForgetQueries();
  return useCallback(
    ({ alsoReports = false }: { alsoReports?: boolean } = {}) =>
      forget((key) => key.startsWith('/api/characters/public') || key.startsWith('/api/admin/audit') || (alsoReports && key.startsWith('/api/admin/reports'))),
    [forget],
  );
}

/** POST /api/admin/reports/{id}/resolve: hide the character (every open report on it closes) or dismiss this one. */
export function resolveReport(id: string, action: ResolveReportBody['action']): Promise<AdminReport> {
  const body: ResolveReportBody = { action };
  return apiMutate<AdminReport>('POST', `/api/admin/reports/${encodeURIComponent(id)}/resolve`, body);
}

/** PUT /api/admin/characters/{id}/moderation {hidden?, adult?}: adult null follows isSpicy again. */
export function moderateCharacter(id: string, body: ModerationBody): Promise<Character> {
  return apiMutate<Character>('PUT', `/api/admin/characters/${encodeURIComponent(id)}/moderation`, body);
}

/** A character id from what an admin pastes: the id itself or a share link (/c/{id}). */
export function characterIdFrom(text: string): string {
  const trimmed = text.trim();
  const link = /\/c\/([^/?#\s]+)/.exec(trimmed);
  return decodeURIComponent(link?.[1] ?? trimmed);
}
