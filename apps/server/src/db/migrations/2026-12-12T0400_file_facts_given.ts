import type { Kysely } from 'kysely';

// Issue 34: capture facts someone gave (a Takeout sidecar's date and place) outrank what the media job reads from the
// file itself. A bit per fact (1: date, 2: place), so a retried or repeated media job keeps them.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('file').addColumn('facts_given', 'smallint', (c) => c.notNull().defaultTo(0)).execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('file').dropColumn('facts_given').execute();
}
