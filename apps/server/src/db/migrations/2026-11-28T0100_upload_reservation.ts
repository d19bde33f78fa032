import type { Kysely } from 'kysely';

// An upload left idle gives its quota reservation back while staying resumable; `reserved` says whether its bytes are
// still held in the account's reserved_bytes (every existing unfinished upload holds them).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('upload').addColumn('reserved', 'integer', (c) => c.notNull().defaultTo(1)).execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('upload').dropColumn('reserved').execute();
}
