import type { Kysely } from 'kysely';
import type { DB } from '../../infra/db/schema.js';
import { routes, type ModuleWith } from '../../infra/module-manifest.js';
import { purgeAccount } from './permission.repository.js';
import { PermissionService } from './permission.service.js';
import { permissionRoutes } from './permission.routes.js';

export function permissionModule(d: { db: Kysely<DB> }): ModuleWith<PermissionService> {
  const permissions = new PermissionService(d.db);
  return {
    name: 'permission',
    routes: routes(permissionRoutes, { permissions }),
    tables: ['account_permission', 'permission_history'],
    purgeAccount: (account) => purgeAccount(d.db, account.id),
    service: permissions,
  };
}
