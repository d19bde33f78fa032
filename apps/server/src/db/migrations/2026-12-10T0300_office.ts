import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';

// Issue 33 (office documents): the editors' access tokens (hashed, one file and one caller each, expiring) and the
// WOPI locks (one per file, 30 minutes unless refreshed). The product opens office documents out of the box, so
// `only_office_enabled` is switched on here, unless an operator already set it.

const FLAG = 'only_office_enabled';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('office_token')
    .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('file_id', 'varchar(36)', (c) => c.notNull())
    // The file's owner (whose tree and quota the edit touches) and the caller the token was issued to.
    .addColumn('owner_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('account_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('mode', 'varchar(8)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('office_token_account').on('office_token').column('account_id').execute();
  await db.schema.createIndex('office_token_owner').on('office_token').column('owner_id').execute();
  await db.schema.createIndex('office_token_expiry').on('office_token').column('expires_at').execute();

  await db.schema
    .createTable('office_lock')
    .addColumn('file_id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('owner_id', 'varchar(36)', (c) => c.notNull())
    // Who took it (the name "being edited by …" shows).
    .addColumn('account_id', 'varchar(36)', (c) => c.notNull())
    // WOPI lock ids are opaque strings of up to 1024 ASCII characters.
    .addColumn('lock_id', 'varchar(1024)', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('office_lock_owner').on('office_lock').column('owner_id').execute();

  // Seeded off by the foundation (the spec's default); this product ships the editors, so it is on. A value an operator
  // set through the console (a version with an operator) is left as it is.
  const changed = await db.selectFrom('remote_config_version').select('id').where('name', '=', FLAG).where('operator_id', 'is not', null).executeTakeFirst();
  if (!changed) {
    const res = await db.updateTable('remote_config').set({ value: 'true' }).where('name', '=', FLAG).where('language', '=', '*').where('value', '=', 'false').executeTakeFirst();
    if (Number(res.numUpdatedRows) > 0) {
      await db
        .insertInto('remote_config_version')
        .values({ id: randomUUID(), name: FLAG, language: '*', value: 'true', operator_id: null, operator_email: null, reason: 'Office documents ship with the product (issue 33).', rolled_back_from: null, created_at: Date.now() })
        .execute();
    }
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  const reason = 'Office documents ship with the product (issue 33).';
  const ours = await db.selectFrom('remote_config_version').select('id').where('name', '=', FLAG).where('reason', '=', reason).executeTakeFirst();
  const later = await db.selectFrom('remote_config_version').select('id').where('name', '=', FLAG).where('operator_id', 'is not', null).executeTakeFirst();
  if (ours && !later) {
    await db.updateTable('remote_config').set({ value: 'false' }).where('name', '=', FLAG).where('language', '=', '*').execute();
    await db.deleteFrom('remote_config_version').where('id', '=', ours.id).execute();
  }
  await db.schema.dropTable('office_lock').execute();
  await db.schema.dropTable('office_token').execute();
}
