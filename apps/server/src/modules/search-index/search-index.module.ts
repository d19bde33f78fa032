import type { ModuleManifest } from '../../infra/module-manifest.js';
import type { Kysely } from 'kysely';
import type { DB } from '../../infra/db/schema.js';
import { purgeAccount } from './search-index.repository.js';

/** The search index: a table and its writer, no routes (the search module answers queries over it). */
export const searchIndexModule = (d: { db: Kysely<DB> }): ModuleManifest => ({
  name: 'search-index',
  tables: ['search_entry'],
  purgeAccount: (account) => purgeAccount(d.db, account.id),
});
