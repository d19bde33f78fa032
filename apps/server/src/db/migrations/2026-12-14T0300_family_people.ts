import type { Kysely } from 'kysely';

// Issue 35: people of the family library. A family's persons are its own grouping of the faces found on the photos in
// its library (faces stay their adders' rows); names given here are the family's, seen by every member, and never the
// members' private names. A family_face row puts one face in one family person; whether it counts is read live from
// the photo (still in that family's library), so a photo leaving or a member leaving takes its faces out at once, and
// the grouping schedule then deletes the stale rows. The family going deletes its persons.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('family_person')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('family_id', 'varchar(36)', (c) => c.notNull().references('family.id').onDelete('cascade'))
    .addColumn('label', 'varchar(255)')
    .addColumn('label_key', 'varchar(255)')
    // Who gave the name (shown beside it); no foreign key: the name stays when that member leaves or is deleted.
    .addColumn('labelled_by', 'varchar(36)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('modified_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('family_person_family').on('family_person').column('family_id').execute();
  await db.schema
    .createTable('family_face')
    .addColumn('face_id', 'varchar(36)', (c) => c.primaryKey().references('face.id').onDelete('cascade'))
    .addColumn('family_id', 'varchar(36)', (c) => c.notNull().references('family.id').onDelete('cascade'))
    .addColumn('person_id', 'varchar(36)', (c) => c.notNull().references('family_person.id').onDelete('cascade'))
    .execute();
  await db.schema.createIndex('family_face_person').on('family_face').column('person_id').execute();
  await db.schema.createIndex('family_face_family').on('family_face').column('family_id').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('family_face').execute();
  await db.schema.dropTable('family_person').execute();
}
