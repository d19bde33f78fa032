import type { Kysely } from 'kysely';

// When the account's phone number was proven (a sign-up code sent by SMS and typed back); null when it never was, so
// security notices go to it only when it is known to be the owner's. Accounts from before stay null: it is not known.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('account').addColumn('phone_verified_at', 'bigint').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('account').dropColumn('phone_verified_at').execute();
}
