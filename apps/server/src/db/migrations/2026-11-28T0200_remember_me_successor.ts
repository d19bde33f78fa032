import type { Kysely } from 'kysely';

// The random seed a used remember-me token's successor was derived from, so the same successor can be handed out
// again when the used token comes back within the grace period (two tabs refreshing at once, a lost answer).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('remember_me_token').addColumn('successor_seed', 'varchar(64)').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('remember_me_token').dropColumn('successor_seed').execute();
}
