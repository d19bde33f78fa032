import type { Kysely, Transaction } from 'kysely';
import type { DB } from './schema.js';

/** What a repository runs on: the database, or a transaction a service opened so several writes commit together. */
export type Executor = Kysely<DB> | Transaction<DB>;
