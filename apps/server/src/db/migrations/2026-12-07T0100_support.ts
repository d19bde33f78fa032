import type { Kysely } from 'kysely';

// Issue 29: subscribers' feedback and the live support chat.
// - support_feedback: one row per feedback form sent (owned by the feedback module).
// - support_token: the chat's credentials, found by their hash: a ticket (10 min, single use) is exchanged for a
//   chat session (12 h) that the chat page inside the frame uses instead of the subscriber's own token.
// - support_conversation: per subscriber, the last message sequence number (messages are numbered per subscriber so a
//   client resumes with one number) and when a chat socket of theirs was last alive (away = e-mail on reply).
// - support_ticket: a conversation's tickets (state, assignee, rating, read marks).
// - support_message: every message and internal note, numbered; client_id makes a resend idempotent.
// - support_attachment: images and PDFs in the blob store.
// - support_canned: the agents' canned replies per language (operator data, not a subscriber's).

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('support_feedback')
    .addColumn('account_id', 'varchar(36)', (c) => c.notNull().references('account.id').onDelete('cascade'))
    .addColumn('id', 'varchar(36)', (c) => c.notNull())
    .addColumn('type', 'varchar(16)', (c) => c.notNull())
    .addColumn('language', 'varchar(8)', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('client_json', 'text', (c) => c.notNull())
    .addColumn('state', 'varchar(16)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('support_feedback_pk', ['account_id', 'id'])
    .execute();
  await db.schema.createIndex('support_feedback_id').on('support_feedback').column('id').execute();
  await db.schema.createIndex('support_feedback_inbox').on('support_feedback').columns(['state', 'created_at']).execute();
  await db.schema.createIndex('support_feedback_account').on('support_feedback').columns(['account_id', 'created_at']).execute();

  await db.schema
    .createTable('support_token')
    .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('account_id', 'varchar(36)', (c) => c.notNull().references('account.id').onDelete('cascade'))
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('support_token_account').on('support_token').column('account_id').execute();
  await db.schema.createIndex('support_token_expiry').on('support_token').column('expires_at').execute();

  await db.schema
    .createTable('support_conversation')
    .addColumn('account_id', 'varchar(36)', (c) => c.primaryKey().references('account.id').onDelete('cascade'))
    .addColumn('last_seq', 'bigint', (c) => c.notNull())
    .addColumn('subscriber_seen_at', 'bigint')
    .execute();

  await db.schema
    .createTable('support_ticket')
    .addColumn('account_id', 'varchar(36)', (c) => c.notNull().references('account.id').onDelete('cascade'))
    .addColumn('id', 'varchar(36)', (c) => c.notNull())
    .addColumn('state', 'varchar(24)', (c) => c.notNull())
    .addColumn('language', 'varchar(8)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    // Since when the subscriber waits for an answer (the inbox sorts by it); the last change otherwise.
    .addColumn('waiting_since', 'bigint', (c) => c.notNull())
    .addColumn('solved_at', 'bigint')
    .addColumn('rating', 'integer')
    .addColumn('assignee_id', 'varchar(36)')
    .addColumn('assignee_name', 'varchar(200)')
    .addColumn('subscriber_read_seq', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('agent_read_seq', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('preview', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addPrimaryKeyConstraint('support_ticket_pk', ['account_id', 'id'])
    .execute();
  await db.schema.createIndex('support_ticket_id').on('support_ticket').column('id').execute();
  await db.schema.createIndex('support_ticket_inbox').on('support_ticket').columns(['state', 'waiting_since']).execute();
  await db.schema.createIndex('support_ticket_account').on('support_ticket').columns(['account_id', 'created_at']).execute();

  await db.schema
    .createTable('support_message')
    .addColumn('account_id', 'varchar(36)', (c) => c.notNull().references('account.id').onDelete('cascade'))
    .addColumn('seq', 'bigint', (c) => c.notNull())
    .addColumn('id', 'varchar(36)', (c) => c.notNull())
    .addColumn('ticket_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('client_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('author', 'varchar(16)', (c) => c.notNull())
    .addColumn('author_id', 'varchar(36)')
    .addColumn('author_name', 'varchar(200)')
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('internal', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('attachment_id', 'varchar(36)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('support_message_pk', ['account_id', 'seq'])
    .addUniqueConstraint('support_message_client', ['account_id', 'client_id'])
    .execute();

  await db.schema
    .createTable('support_attachment')
    .addColumn('account_id', 'varchar(36)', (c) => c.notNull().references('account.id').onDelete('cascade'))
    .addColumn('id', 'varchar(36)', (c) => c.notNull())
    .addColumn('blob_key', 'varchar(200)', (c) => c.notNull())
    .addColumn('name', 'varchar(255)', (c) => c.notNull())
    .addColumn('mime', 'varchar(64)', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('uploaded_by', 'varchar(16)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('support_attachment_pk', ['account_id', 'id'])
    .execute();
  await db.schema.createIndex('support_attachment_id').on('support_attachment').column('id').execute();

  await db.schema
    .createTable('support_canned')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('language', 'varchar(8)', (c) => c.notNull())
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('support_canned_language').on('support_canned').columns(['language', 'title']).execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['support_canned', 'support_attachment', 'support_message', 'support_ticket', 'support_conversation', 'support_token', 'support_feedback']) {
    await db.schema.dropTable(t).execute();
  }
}
