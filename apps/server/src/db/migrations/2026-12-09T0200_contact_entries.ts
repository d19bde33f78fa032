import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';

// Issue 31: versions share unchanged cards, and search reads no photo.
// - contact_book: per account, `seq` counts its address book's changes; a sync token is a seq, valid from `floor` on
//   (the last seq at which entries no version shows any more were dropped).
// - contact_entry: one contact's list columns and folded search text, visible in the versions whose seq lies in
//   [from_seq, to_seq) (to_seq null: still in the address book). A one-card change closes one entry and opens one.
//   `sort_key` orders a version by first name (Unicode collation) as plain integers, so a page is one index range.
// - contact_card: the whole card (photo included) by its content hash (the ETag), shared by every entry showing it.
// - contact_version.seq: which state of the book the version shows; first_seq: the state it was made with (the day's
//   SYNC version moves its seq on with each change; entries from first_seq on stay for phones' sync tokens).
// Existing versions move over each with its own entries (seq 1, 2, … in the order they were made); later changes share.

/** Gap between sort keys numbered afresh (contacts.order.ts KEY_GAP). */
const KEY_GAP = 2 ** 20;
const CHUNK = 500;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('contact_book')
    .addColumn('account_id', 'varchar(36)', (c) => c.notNull().primaryKey().references('account.id').onDelete('cascade'))
    .addColumn('seq', 'bigint', (c) => c.notNull())
    .addColumn('floor', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('contact_entry')
    .addColumn('account_id', 'varchar(36)', (c) => c.notNull().references('account.id').onDelete('cascade'))
    .addColumn('row_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('contact_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('from_seq', 'bigint', (c) => c.notNull())
    .addColumn('to_seq', 'bigint')
    .addColumn('sort_key', 'bigint', (c) => c.notNull())
    .addColumn('sort_first', 'text', (c) => c.notNull())
    .addColumn('display_name', 'text', (c) => c.notNull())
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('last_name', 'text', (c) => c.notNull())
    .addColumn('phones_json', 'text', (c) => c.notNull())
    .addColumn('emails_json', 'text', (c) => c.notNull())
    .addColumn('search_text', 'text', (c) => c.notNull())
    .addColumn('etag', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('contact_entry_pk', ['account_id', 'row_id'])
    .execute();
  // Pages walk this index in order and test visibility from the index alone.
  await db.schema.createIndex('contact_entry_order').on('contact_entry').columns(['account_id', 'sort_key', 'from_seq', 'to_seq']).execute();
  await db.schema.createIndex('contact_entry_contact').on('contact_entry').columns(['account_id', 'contact_id', 'from_seq']).execute();
  await db.schema
    .createTable('contact_card')
    .addColumn('account_id', 'varchar(36)', (c) => c.notNull().references('account.id').onDelete('cascade'))
    .addColumn('etag', 'varchar(32)', (c) => c.notNull())
    .addColumn('card_json', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('contact_card_pk', ['account_id', 'etag'])
    .execute();
  await db.schema.alterTable('contact_version').addColumn('seq', 'bigint', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('contact_version').addColumn('first_seq', 'bigint', (c) => c.notNull().defaultTo(0)).execute();

  const accounts = await db.selectFrom('contact_version').select('account_id').distinct().execute();
  for (const { account_id: accountId } of accounts) {
    const versions = await db.selectFrom('contact_version').select('id').where('account_id', '=', accountId).orderBy('id').execute();
    for (const [i, v] of versions.entries()) {
      const seq = i + 1;
      const last = i === versions.length - 1;
      for (let from = 0; ; ) {
        const rows = await db.selectFrom('contact').selectAll().where('account_id', '=', accountId).where('version_id', '=', v.id).where('position', '>=', from).orderBy('position').limit(CHUNK).execute();
        if (rows.length === 0) break;
        await db
          .insertInto('contact_card')
          .values(rows.map((r) => ({ account_id: accountId, etag: r.etag, card_json: r.card_json })))
          .onConflict((oc) => oc.columns(['account_id', 'etag']).doNothing())
          .execute();
        await db
          .insertInto('contact_entry')
          .values(
            rows.map((r) => {
              const card = JSON.parse(r.card_json) as { name?: { given?: string } };
              return {
                account_id: accountId,
                row_id: randomUUID(),
                contact_id: r.id,
                from_seq: seq,
                to_seq: last ? null : seq + 1,
                sort_key: (Number(r.position) + 1) * KEY_GAP,
                sort_first: card.name?.given?.trim() || r.display_name,
                display_name: r.display_name,
                first_name: r.first_name,
                last_name: r.last_name,
                phones_json: r.phones_json,
                emails_json: r.emails_json,
                search_text: r.search_text,
                etag: r.etag,
              };
            }),
          )
          .execute();
        from = Number(rows[rows.length - 1]!.position) + 1;
      }
      await db.updateTable('contact_version').set({ seq, first_seq: seq }).where('account_id', '=', accountId).where('id', '=', v.id).execute();
    }
    // Entries closed before the last version's were never dropped: every seq is a valid token (no phone holds one yet).
    await db.insertInto('contact_book').values({ account_id: accountId, seq: versions.length, floor: 0 }).execute();
  }
  await db.schema.dropTable('contact').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('contact')
    .addColumn('account_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('version_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('id', 'varchar(36)', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('display_name', 'text', (c) => c.notNull())
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('last_name', 'text', (c) => c.notNull())
    .addColumn('phones_json', 'text', (c) => c.notNull())
    .addColumn('emails_json', 'text', (c) => c.notNull())
    .addColumn('search_text', 'text', (c) => c.notNull())
    .addColumn('card_json', 'text', (c) => c.notNull())
    .addColumn('etag', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('contact_pk', ['account_id', 'version_id', 'id'])
    .addForeignKeyConstraint('contact_version_fk', ['account_id', 'version_id'], 'contact_version', ['account_id', 'id'], (f) => f.onDelete('cascade'))
    .execute();
  await db.schema.createIndex('contact_position').on('contact').columns(['account_id', 'version_id', 'position']).unique().execute();
  // Each version gets its own copies again, as before the entries were shared.
  const versions = await db.selectFrom('contact_version').select(['account_id', 'id', 'seq']).execute();
  for (const v of versions) {
    const seq = Number(v.seq);
    const rows = await db
      .selectFrom('contact_entry as e')
      .innerJoin('contact_card as c', (j) => j.onRef('c.account_id', '=', 'e.account_id').onRef('c.etag', '=', 'e.etag'))
      .selectAll('e')
      .select('c.card_json')
      .where('e.account_id', '=', v.account_id)
      .where('e.from_seq', '<=', seq)
      .where((eb) => eb.or([eb('e.to_seq', 'is', null), eb('e.to_seq', '>', seq)]))
      .orderBy('e.sort_key')
      .execute();
    for (let i = 0; i < rows.length; i += CHUNK) {
      await db
        .insertInto('contact')
        .values(
          rows.slice(i, i + CHUNK).map((r, j) => ({
            account_id: v.account_id,
            version_id: v.id,
            id: r.contact_id,
            position: i + j,
            display_name: r.display_name,
            first_name: r.first_name,
            last_name: r.last_name,
            phones_json: r.phones_json,
            emails_json: r.emails_json,
            search_text: r.search_text,
            card_json: r.card_json,
            etag: r.etag,
          })),
        )
        .execute();
    }
  }
  await db.schema.alterTable('contact_version').dropColumn('seq').execute();
  await db.schema.alterTable('contact_version').dropColumn('first_seq').execute();
  await db.schema.dropTable('contact_card').execute();
  await db.schema.dropTable('contact_entry').execute();
  await db.schema.dropTable('contact_book').execute();
}
