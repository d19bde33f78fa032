import type { Kysely } from 'kysely';
import type { DB } from '../../infra/db/schema.js';
import { routes, type ModuleWith } from '../../infra/module-manifest.js';
import { EulaService } from './eula.service.js';
import { eulaRoutes } from './eula.routes.js';

export function eulaModule(d: { db: Kysely<DB> }): ModuleWith<EulaService> {
  const eula = new EulaService(d.db);
  return {
    name: 'eula',
    routes: routes(eulaRoutes, { eula }),
    tables: ['eula', 'privacy_policy', 'eula_approval'],
    purgeAccount: (account) => eula.purgeAccount(account.id),
    service: eula,
  };
}
