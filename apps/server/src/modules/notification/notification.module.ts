import type { Kysely } from 'kysely';
import type { DB } from '../../infra/db/schema.js';
import { routes, type ModuleWith } from '../../infra/module-manifest.js';
import { NotificationService } from './notification.service.js';
import { notificationRoutes } from './notification.routes.js';
import { purgeAccount } from './notification.repository.js';

export function notificationModule(d: { db: Kysely<DB> }): ModuleWith<NotificationService> {
  const notifications = new NotificationService(d.db);
  return {
    name: 'notification',
    routes: routes(notificationRoutes, { notifications }),
    tables: ['notification'],
    purgeAccount: (account) => purgeAccount(d.db, account.id),
    service: notifications,
  };
}
