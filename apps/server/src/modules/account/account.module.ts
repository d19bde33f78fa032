import type { Kysely } from 'kysely';
import type { DB } from '../../infra/db/schema.js';
import { routes, type ModuleWith } from '../../infra/module-manifest.js';
import { AccountService } from './account.service.js';
import { accountRoutes } from './account.routes.js';

export function accountModule(d: { db: Kysely<DB> }): ModuleWith<AccountService> {
  const account = new AccountService(d.db);
  return {
    name: 'account',
    routes: routes(accountRoutes, { account }),
    tables: ['account', 'account_setting', 'authority'],
    service: account,
  };
}
