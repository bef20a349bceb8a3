import {
  HIDDEN_REASON_ADMIN,
  isAdultCharacter,
  MODERATION_MESSAGES,
  type AdminReport,
  type AdminReportsPage,
  type AdminReportsQuery,
  type AdminAction,
  type AuditAction,
  type AuditPage,
  type AuditQuery,
  type Character,
  type ModerationBody,
  type ReportBody,
  type ReportResult,
} from '@lakorn/contracts';
import { adminActionOf, timeOrderedId, type Actor, type Logger } from '@lakorn/service-kit';
import type { ModerationStore, ReportDoc } from '../data/moderationStore';
import type { Catalog, ModerationChange } from './characters';
import type { DiscoverIndex } from './discoverIndex';
import { AlreadyReported, ReportNotFound } from './errors';

// Reports, the admin's moderation and its audit log (README "Moderation and the age gate"). Hiding
// and the 18+ override are written on the character itself (Catalog.moderate: a new version, the
// index, the discover log and catalog.character.updated), so listings, by-id reads, share pages and
// chat all follow the one stored state.

export interface ModerationDeps {
  catalog: Catalog;
  store: ModerationStore;
  index: DiscoverIndex;
  logger: Logger;
  now?: () => Date;
}

export function createModeration(deps: ModerationDeps) {
  const { catalog, store, index } = deps;
  const now = deps.now ?? (() => new Date());

  async function audit(actor: Actor, action: AuditAction, targetType: string, targetId: string, details: Record<string, unknown>): Promise<void> {
    await store.keepAudit(adminActionOf(actor, { action, targetType, targetId, details }, now()));
  }

  /** The queue's view of reports: each with its character as it is now and how often it was reported. */
  async function views(docs: ReportDoc[], all: ReportDoc[]): Promise<AdminReport[]> {
    const counts = new Map<string, { open: number; total: number }>();
    for (const r of all) {
      const c = counts.get(r.characterId) ?? { open: 0, total: 0 };
      c.total += 1;
      if (r.status === 'open') c.open += 1;
      counts.set(r.characterId, c);
    }
    const characters = new Map(await Promise.all([...new Set(docs.map((d) => d.characterId))].map(async (id) => [id, await catalog.stored(id)] as const)));
    return docs.map((r) => {
      const c = characters.get(r.characterId) ?? null;
      const count = counts.get(r.characterId) ?? { open: 0, total: 0 };
      return {
        id: r._id,
        characterId: r.characterId,
        characterName: c?.name ?? '',
        characterOwnerId: c?.userId ?? '',
        characterOwnerUsername: c ? index.creatorName(c.userId) : '',
        characterProfileUrl: c?.profileUrl ?? '',
        characterHidden: c?.hidden ?? false,
        characterHiddenReason: c?.hiddenReason ?? null,
        characterAdult: c ? isAdultCharacter(c) : false,
        characterAdultOverride: c?.adultOverride ?? null,
        reporterId: r.reporterId,
        reason: r.reason,
        details: r.details,
        status: r.status,
        createdAt: r.createdAt.toISOString(),
        resolvedAt: r.resolvedAt ? r.resolvedAt.toISOString() : null,
        resolvedBy: r.resolvedBy,
        openReports: count.open,
        totalReports: count.total,
      };
    });
  }

  return {
    /** At start: every member's reports, so what they reported stays out of their listings. */
    async load(): Promise<number> {
      const all = await store.allReports();
      for (const r of all) await catalog.noteReport(r.characterId, r.reporterId, false);
      return all.length;
    },

    /**
     * A member reports a character they can see; a second open report by them on it is a 409 (the
     * open claim's unique _id). The character leaves their listings at once.
     */
    async report(actor: Actor, characterId: string, body: ReportBody): Promise<ReportResult> {
      await catalog.get(actor, characterId);
      const at = now();
      const id = timeOrderedId(at);
      if (!(await store.claimOpen(characterId, actor.id, id, at))) throw new AlreadyReported();
      try {
        await store.insertReport({
          _id: id, characterId, reporterId: actor.id, reason: body.reason, details: body.details, status: 'open', createdAt: at, resolvedAt: null, resolvedBy: null,
        });
      } catch (error) {
        await store.releaseOpen(characterId, actor.id);
        throw error;
      }
      await catalog.noteReport(characterId, actor.id);
      return { id, message: MODERATION_MESSAGES.reported };
    },

    /** The admin queue: open reports first (oldest first), then the resolved ones (newest first). */
    async list(query: AdminReportsQuery): Promise<AdminReportsPage> {
      const all = await store.allReports();
      const open = all.filter((r) => r.status === 'open').sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || (a._id < b._id ? -1 : 1));
      const closed = all.filter((r) => r.status !== 'open').sort((a, b) => (b.resolvedAt?.getTime() ?? 0) - (a.resolvedAt?.getTime() ?? 0) || (a._id < b._id ? 1 : -1));
      const ordered = query.status === 'open' ? open : [...open, ...closed];
      const offset = query.cursor && /^\d{1,9}$/.test(query.cursor) ? Number(query.cursor) : 0;
      const page = ordered.slice(offset, offset + query.limit);
      const next = offset + page.length;
      return { reports: await views(page, all), nextCursor: next < ordered.length ? String(next) : null };
    },

    /**
     * hide: the character is hidden with the report's reason and every open report on it closes
     * as hidden; dismiss: this report closes. A report resolved already is answered as it is.
     */
    async resolve(actor: Actor, reportId: string, action: 'hide' | 'dismiss'): Promise<AdminReport> {
      const report = await store.getReport(reportId);
      if (!report) throw new ReportNotFound();
      if (report.status === 'open') {
        const at = now();
        const character = await catalog.stored(report.characterId);
        if (action === 'hide') {
          if (character) await catalog.moderate(actor, report.characterId, { hidden: true, hiddenReason: report.reason });
          const all = await store.allReports();
          for (const r of all.filter((x) => x.characterId === report.characterId && x.status === 'open')) {
            await store.setStatus(r._id, 'hidden', actor.id, at);
            await store.releaseOpen(r.characterId, r.reporterId);
          }
        } else {
          await store.setStatus(report._id, 'dismissed', actor.id, at);
          await store.releaseOpen(report.characterId, report.reporterId);
        }
        // README "Moderation and the age gate": the log names the character; a deleted one has none.
        await audit(actor, action === 'hide' ? 'report.hide' : 'report.dismiss', 'report', report._id, {
          characterId: report.characterId,
          ...(character ? { characterName: character.name } : {}),
          reason: report.reason,
        });
      }
      const all = await store.allReports();
      const [view] = await views([all.find((r) => r._id === reportId) ?? report], all);
      return view!;
    },

    /** Direct controls: hide or show; mark 18+, all ages, or follow isSpicy again (null). */
    async setModeration(actor: Actor, characterId: string, body: ModerationBody): Promise<Character> {
      const change: ModerationChange = {};
      if (body.hidden !== undefined) {
        change.hidden = body.hidden;
        change.hiddenReason = body.hidden ? HIDDEN_REASON_ADMIN : null;
      }
      if (body.adult !== undefined) change.adultOverride = body.adult;
      const character = await catalog.moderate(actor, characterId, change);
      await audit(actor, 'character.moderation', 'character', characterId, { ...body, characterName: character.name });
      return character;
    },

    /**
     * Another service's admin action (`checkin.admin.action`, `wallet.admin.action`), kept under
     * its own id: a redelivery is kept once.
     */
    async keepAction(action: AdminAction): Promise<void> {
      await store.keepAudit(action);
    },

    /** The audit log, newest first. */
    async audit(query: AuditQuery): Promise<AuditPage> {
      const docs = await store.auditPage(query.limit + 1, query.cursor);
      const page = docs.slice(0, query.limit);
      return {
        entries: page.map((d) => ({
          id: d._id, at: d.at.toISOString(), actorId: d.actorId, actorEmail: d.actorEmail, action: d.action, targetType: d.targetType, targetId: d.targetId,
          details: d.details ?? {},
        })),
        nextCursor: docs.length > query.limit ? page[page.length - 1]!._id : null,
      };
    },
  };
}

export type Moderation = ReturnType<typeof createModeration>;
