import { randomBytes } from 'node:crypto';
import type { Connection } from 'mongoose';
import type { AdminAction, AuditAction } from '@lakorn/contracts';
import type { Actor } from '../auth/session';
import { writeOutboxEvent } from './outbox';

// Every admin action is kept in one audit log, which the catalog serves (GET /api/admin/audit;
// README "Where this differs from ARCHITECTURE"). The catalog writes its own entries; checkin and
// wallet publish theirs as `<service>.admin.action` through their outboxes, and the catalog keeps
// each under its id. The event is written after the change it records: FerretDB v1 has no
// transactions, so a crash between the two loses the entry, never invents one for a change that
// did not happen.

/** Ids that sort by time (the audit log pages by them) and never collide. */
export function timeOrderedId(at: Date): string {
  return `${at.getTime().toString(36).padStart(9, '0')}${randomBytes(6).toString('hex')}`;
}

/** What an admin did, to what (`targetType`, `targetId`), and what changed. */
export interface AdminActionInput {
  action: AuditAction;
  targetType: string;
  targetId: string;
  details?: Record<string, unknown>;
}

/** The one shape of an audit entry, wherever it is written. */
export function adminActionOf(actor: Pick<Actor, 'id' | 'email'>, input: AdminActionInput, at: Date): AdminAction {
  return {
    id: timeOrderedId(at),
    at: at.toISOString(),
    actorId: actor.id,
    actorEmail: actor.email,
    action: input.action,
    targetType: input.targetType,
    targetId: input.targetId,
    details: input.details ?? {},
  };
}

export interface AdminAudit {
  /** Records an action that has been done (the relay publishes it; the catalog keeps it). */
  record(actor: Pick<Actor, 'id' | 'email'>, input: AdminActionInput): Promise<void>;
}

/** A service's audit trail: its `<service>.admin.action` events, written into its outbox. */
export function createAdminAudit(options: {
  connection: Connection;
  event: 'checkin.admin.action' | 'wallet.admin.action';
  now?: () => Date;
}): AdminAudit {
  const now = options.now ?? (() => new Date());
  return {
    async record(actor, input) {
      const payload = adminActionOf(actor, input, now());
      await writeOutboxEvent(options.connection, { name: options.event, payload, messageId: `audit:${payload.id}` });
    },
  };
}
