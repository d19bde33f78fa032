import type { Kysely } from 'kysely';

// Issue 35: "not this person" for a person of the family library. A rejected (face, family person) pair keeps the face
// out of that person when the grouping schedule regroups the family's faces, as face_rejection does for a member's
// own people. It goes with its face (the adder's face data deleted) or its family; not with its person: a person emptied
// by "not this person" goes, and its rows keep the faces it lost from starting a person together again (people.cluster.ts).
// Only the family's grouping reads it: the adder's own people never do.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('family_face_rejection')
    .addColumn('face_id', 'varchar(36)', (c) => c.notNull().references('face.id').onDelete('cascade'))
    .addColumn('family_id', 'varchar(36)', (c) => c.notNull().references('family.id').onDelete('cascade'))
    .addColumn('person_id', 'varchar(36)', (c) => c.notNull())
    .addPrimaryKeyConstraint('family_face_rejection_pk', ['face_id', 'person_id'])
    .execute();
  await db.schema.createIndex('family_face_rejection_family').on('family_face_rejection').column('family_id').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('family_face_rejection').execute();
}
