import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../infra/db/schema.js';
import { routes, type ModuleWith } from '../../infra/module-manifest.js';
import type { AppPasswordService } from '../webdav/webdav.public.js';
import { mountCardDav } from './contacts.carddav.js';
import { purgeAccount } from './contacts.repository.js';
import { contactsRoutes } from './contacts.routes.js';
import { ContactsService } from './contacts.service.js';

export interface ContactsModule extends ModuleWith<ContactsService> {
  /** Registers the CardDAV mount on the app, outside /api (phones speak to their own URL). */
  mount(app: FastifyInstance): Promise<void>;
}

/** Contacts backup (issue 31): versions, search, .vcf import/export, restore, and the CardDAV mount for phones. */
export function contactsModule(d: { db: Kysely<DB>; passwords: AppPasswordService; clock?: () => number }): ContactsModule {
  const service = new ContactsService({ db: d.db, clock: d.clock ?? Date.now });
  return {
    name: 'contacts',
    routes: routes(contactsRoutes, { service }),
    tables: ['contact_version', 'contact_book', 'contact_entry', 'contact_card'],
    service,
    purgeAccount: (account) => purgeAccount(d.db, account.id),
    exportAccount: async (accountId) => {
      const vcf = await service.exportCurrent(accountId);
      return vcf === null ? {} : { files: [{ path: 'contacts.vcf', content: Buffer.from(vcf) }] };
    },
    mount: (app) => mountCardDav(app, { db: d.db, service, passwords: d.passwords, clock: d.clock }),
  };
}
