import type { Kysely } from 'kysely';

// Live person and place links (issue 35): a link may name a person or a place, whose photos are read at visit time
// (entity_kind + entity_id), and may hide that entity's name from the visitor (show_name). No foreign key: the id
// names a row of either table; a link whose entity is gone answers like a revoked one.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('share_link').addColumn('entity_kind', 'varchar(16)').execute();
  await db.schema.alterTable('share_link').addColumn('entity_id', 'varchar(36)').execute();
  await db.schema.alterTable('share_link').addColumn('show_name', 'integer', (c) => c.notNull().defaultTo(1)).execute();
  // A merge moves the merged person's links to the survivor: found through this index.
  await db.schema.createIndex('share_link_entity').on('share_link').columns(['entity_kind', 'entity_id']).execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('share_link_entity').ifExists().execute();
  // Without their entity these links would show nothing: they go with the columns.
  await db.deleteFrom('share_link').where('entity_kind', 'is not', null).execute();
  for (const column of ['show_name', 'entity_id', 'entity_kind']) await db.schema.alterTable('share_link').dropColumn(column).execute();
}
