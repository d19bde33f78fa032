import type { Kysely } from 'kysely';
import type { DB } from '../../infra/db/schema.js';
import { routes, type ModuleWith } from '../../infra/module-manifest.js';
import { purgeAccount } from './contacts.repository.js';
import { contactsRoutes } from './contacts.routes.js';
import { ContactsService } from './contacts.service.js';

/** Contacts backup (issue 31): versions, search, .vcf import/export, restore; CardDAV mounts on the DAV layer later. */
export function contactsModule(d: { db: Kysely<DB>; clock?: () => number }): ModuleWith<ContactsService> {
  const service = new ContactsService({ db: d.db, clock: d.clock ?? Date.now });
  return {
    name: 'contacts',
    routes: routes(contactsRoutes, { service }),
    tables: ['contact_version', 'contact'],
    service,
    purgeAccount: (account) => purgeAccount(d.db, account.id),
  };
}
