import type { Connection } from 'mongoose';
import type { AdminAction, ReportReason, ReportStatus } from '@lakorn/contracts';
import { collectionOf, insertOnce, modelOf, schemaOf } from '@lakorn/service-kit';

// Reports and the audit log (README "Moderation and the age gate"), in the catalog's database.
// Small collections: the admin queue and the start-up load read them whole (FerretDB scans anyway,
// models.ts), and the one invariant, one open report per member and character, is an insert against
// a unique _id.

export interface ReportDoc {
  _id: string;
  characterId: string;
  reporterId: string;
  reason: ReportReason;
  details: string;
  status: ReportStatus;
  createdAt: Date;
  resolvedAt: Date | null;
  resolvedBy: string | null;
}

/** `_id` "<characterId>:<reporterId>" while that member's report on it is open: a second is refused. */
export interface OpenReportDoc {
  _id: string;
  reportId: string;
  createdAt: Date;
}

export interface AuditDoc {
  _id: string;
  at: Date;
  actorId: string;
  actorEmail: string;
  action: string;
  targetType: string;
  targetId: string;
  details: Record<string, unknown>;
}

const requiredString = { type: String, required: true };
const requiredDate = { type: Date, required: true };

function moderationModels(connection: Connection) {
  return {
    reports: modelOf<ReportDoc>(connection, 'Report', () =>
      schemaOf(
        'reports',
        {
          characterId: requiredString,
          reporterId: requiredString,
          reason: requiredString,
          details: { type: String },
          status: requiredString,
          createdAt: requiredDate,
          resolvedAt: { type: Date },
          resolvedBy: { type: String },
        },
        [{ characterId: 1 }, { status: 1 }],
      ),
    ),
    openReports: modelOf<OpenReportDoc>(connection, 'OpenReport', () => schemaOf('open_reports', { reportId: requiredString, createdAt: requiredDate })),
    audit: modelOf<AuditDoc>(connection, 'AuditEntry', () =>
      schemaOf('audit_log', { at: requiredDate, actorId: requiredString, action: requiredString, targetId: requiredString }, [{ at: -1 }], { strict: false }),
    ),
  };
}

export const openReportId = (characterId: string, reporterId: string) => `${characterId}:${reporterId}`;

export function createModerationStore(connection: Connection) {
  const models = moderationModels(connection);
  const reports = collectionOf(models.reports);
  const openReports = collectionOf(models.openReports);
  const audit = collectionOf(models.audit);
  return {
    /** Claims the member's one open report on the character; false when one is open already. */
    async claimOpen(characterId: string, reporterId: string, reportId: string, at: Date): Promise<boolean> {
      return (await insertOnce(() => openReports.insertOne({ _id: openReportId(characterId, reporterId), reportId, createdAt: at }))) === 'inserted';
    },
    async releaseOpen(characterId: string, reporterId: string): Promise<void> {
      await openReports.deleteOne({ _id: openReportId(characterId, reporterId) });
    },
    async insertReport(doc: ReportDoc): Promise<void> {
      await reports.insertOne(doc);
    },
    getReport: (id: string): Promise<ReportDoc | null> => reports.findOne({ _id: id }),
    async allReports(): Promise<ReportDoc[]> {
      return reports.find({}).toArray();
    },
    async setStatus(id: string, status: ReportStatus, by: string, at: Date): Promise<void> {
      await reports.updateOne({ _id: id }, { $set: { status, resolvedBy: by, resolvedAt: at } });
    },
    /** Keeps an entry under its id (time-ordered, service-kit timeOrderedId); the same id again is a no-op. */
    async keepAudit(entry: AdminAction): Promise<void> {
      const { id, at, ...rest } = entry;
      await insertOnce(() => audit.insertOne({ _id: id, at: new Date(at), ...rest }));
    },
    /** The newest entries first, from before `beforeId` (the previous page's last). */
    async auditPage(limit: number, beforeId?: string): Promise<AuditDoc[]> {
      return audit
        .find(beforeId ? { _id: { $lt: beforeId } } : {})
        .sort({ _id: -1 })
        .limit(limit)
        .toArray();
    },
  };
}

export type ModerationStore = ReturnType<typeof createModerationStore>;
