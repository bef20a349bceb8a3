import { Router } from 'express';
import {
  AdminReportsQuery,
  AuditQuery,
  CharacterIdParams,
  ModerationBody,
  ReportBody,
  ReportIdParams,
  ResolveReportBody,
  type AdminReport,
  type AdminReportsPage,
  type AuditPage,
  type Character,
  type ReportResult,
} from '@lakorn/contracts';
import { parse, requireActor, requireAdmin } from '@lakorn/service-kit';
import type { Moderation } from '../domain/moderation';

/** Reports (members) and the moderation queue, direct controls and audit log (admins only). */
export function moderationRoutes({ moderation }: { moderation: Moderation }): Router {
  const router = Router();

  router.post('/api/characters/:id/reports', async (req, res) => {
    const actor = requireActor(req);
    const { id } = parse(CharacterIdParams, req.params);
    const body = parse(ReportBody, req.body ?? {});
    res.status(201).json((await moderation.report(actor, id, body)) satisfies ReportResult);
  });

  router.get('/api/admin/reports', async (req, res) => {
    requireAdmin(req);
    const query = parse(AdminReportsQuery, req.query);
    res.setHeader('Cache-Control', 'private, no-store');
    res.json((await moderation.list(query)) satisfies AdminReportsPage);
  });

  router.post('/api/admin/reports/:id/resolve', async (req, res) => {
    const actor = requireAdmin(req);
    const { id } = parse(ReportIdParams, req.params);
    const { action } = parse(ResolveReportBody, req.body ?? {});
    res.json((await moderation.resolve(actor, id, action)) satisfies AdminReport);
  });

  router.put('/api/admin/characters/:id/moderation', async (req, res) => {
    const actor = requireAdmin(req);
    const { id } = parse(CharacterIdParams, req.params);
    const body = parse(ModerationBody, req.body ?? {});
    res.json((await moderation.setModeration(actor, id, body)) satisfies Character);
  });

  router.get('/api/admin/audit', async (req, res) => {
    requireAdmin(req);
    const query = parse(AuditQuery, req.query);
    res.setHeader('Cache-Control', 'private, no-store');
    res.json((await moderation.audit(query)) satisfies AuditPage);
  });

  return router;
}
