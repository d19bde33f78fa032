import type { Kysely } from 'kysely';

// Credentials for password recovery (issue 12): a recovery e-mail, proven by a link before recovery may use it, and a
// security question from the fixed catalogue with its answer hashed like a password (normalised first).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('account').addColumn('recovery_email', 'varchar(320)').execute();
  await db.schema.alterTable('account').addColumn('recovery_email_verified_at', 'bigint').execute();
  await db.schema.alterTable('account').addColumn('security_question_id', 'integer').execute();
  await db.schema.alterTable('account').addColumn('security_answer_hash', 'varchar(200)').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  for (const column of ['security_answer_hash', 'security_question_id', 'recovery_email_verified_at', 'recovery_email']) {
    await db.schema.alterTable('account').dropColumn(column).execute();
  }
}
