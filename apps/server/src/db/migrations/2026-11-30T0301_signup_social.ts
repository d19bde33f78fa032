import type { Kysely } from 'kysely';

// A sign-up started with a Google/Apple identity token carries the verified identity until the account exists.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('signup_request').addColumn('social_provider', 'varchar(16)').execute();
  await db.schema.alterTable('signup_request').addColumn('social_subject', 'varchar(255)').execute();
  await db.schema.alterTable('signup_request').addColumn('social_email', 'varchar(320)').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  for (const c of ['social_email', 'social_subject', 'social_provider']) {
    await db.schema.alterTable('signup_request').dropColumn(c).execute();
  }
}
