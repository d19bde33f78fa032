import type { Kysely } from 'kysely';
import type { DB } from '../../infra/db/schema.js';
import { routes, type ModuleWith } from '../../infra/module-manifest.js';
import { auditRoutes } from './audit.routes.js';
import { AuditService } from './audit.service.js';

/** The operators' audit log (issue 27): append-only hash chain, list, verify, CSV export. */
export function auditModule(d: { db: Kysely<DB> }): ModuleWith<AuditService> {
  const audit = new AuditService(d.db);
  return {
    name: 'audit',
    routes: routes(auditRoutes, { audit }),
    tables: ['operator_audit', 'operator_audit_head'],
    service: audit,
  };
}
