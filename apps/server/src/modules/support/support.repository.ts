import { sql } from 'kysely';
import type { Executor } from '../../infra/db/executor.js';
import type { Insertable, Updateable } from 'kysely';
import type {
  NewMessage,
  SupportAttachmentTable,
  SupportCannedTable,
  SupportTicketTable,
  SupportTokenKind,
  TicketState,
} from './support.table.js';

// --- tokens (tickets and chat sessions), found by their hash

export async function createToken(db: Executor, row: { token_hash: string; account_id: string; kind: SupportTokenKind; expires_at: number; created_at: number }) {
  await db.insertInto('support_token').values({ ...row, used_at: null }).execute();
}

/** Marks a live, unused ticket used and returns its account; null when there is none (so it opens one session only). */
export async function consumeTicket(db: Executor, tokenHash: string, at: number): Promise<string | null> {
  const row = await db
    .updateTable('support_token')
    .set({ used_at: at })
    .where('token_hash', '=', tokenHash)
    .where('kind', '=', 'ticket')
    .where('used_at', 'is', null)
    .where('expires_at', '>', at)
    .returning('account_id')
    .executeTakeFirst();
  return row?.account_id ?? null;
}

export async function liveSession(db: Executor, tokenHash: string, at: number): Promise<string | null> {
  const row = await db
    .selectFrom('support_token')
    .select('account_id')
    .where('token_hash', '=', tokenHash)
    .where('kind', '=', 'session')
    .where('expires_at', '>', at)
    .executeTakeFirst();
  return row?.account_id ?? null;
}

export async function deleteExpiredTokens(db: Executor, before: number): Promise<number> {
  const r = await db.deleteFrom('support_token').where('expires_at', '<', before).executeTakeFirst();
  return Number(r.numDeletedRows);
}

// --- the conversation's sequence and presence

/** The next message number of the account's conversation; the row stays locked until the caller's transaction ends. */
export async function nextSeq(db: Executor, accountId: string): Promise<number> {
  const row = await db
    .insertInto('support_conversation')
    .values({ account_id: accountId, last_seq: 1, subscriber_seen_at: null })
    .onConflict((oc) => oc.column('account_id').doUpdateSet({ last_seq: sql`support_conversation.last_seq + 1` }))
    .returning('last_seq')
    .executeTakeFirstOrThrow();
  return Number(row.last_seq);
}

export async function markSeen(db: Executor, accountId: string, at: number): Promise<void> {
  await db
    .insertInto('support_conversation')
    .values({ account_id: accountId, last_seq: 0, subscriber_seen_at: at })
    .onConflict((oc) => oc.column('account_id').doUpdateSet({ subscriber_seen_at: at }))
    .execute();
}

export async function seenAt(db: Executor, accountId: string): Promise<number | null> {
  const row = await db.selectFrom('support_conversation').select('subscriber_seen_at').where('account_id', '=', accountId).executeTakeFirst();
  return row?.subscriber_seen_at == null ? null : Number(row.subscriber_seen_at);
}

// --- tickets

export function latestTicket(db: Executor, accountId: string) {
  return db.selectFrom('support_ticket').selectAll().where('account_id', '=', accountId).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(1).executeTakeFirst();
}

export function ticketById(db: Executor, id: string) {
  return db.selectFrom('support_ticket').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function createTicket(db: Executor, row: Insertable<SupportTicketTable>): Promise<void> {
  await db.insertInto('support_ticket').values(row).execute();
}

export async function updateTicket(db: Executor, accountId: string, id: string, set: Updateable<SupportTicketTable>): Promise<void> {
  await db.updateTable('support_ticket').set(set).where('account_id', '=', accountId).where('id', '=', id).execute();
}

/** Tickets for the inbox: the longest waiting first, solved ones after all others. */
export function listTickets(db: Executor, f: { states: TicketState[]; language?: string; limit: number }) {
  let q = db.selectFrom('support_ticket').selectAll().where('state', 'in', f.states);
  if (f.language) q = q.where('language', '=', f.language);
  return q
    .orderBy(sql`CASE WHEN state = 'solved' THEN 1 ELSE 0 END`)
    .orderBy('waiting_since', 'asc')
    .orderBy('id')
    .limit(f.limit)
    .execute();
}

// --- messages

export function messageByClientId(db: Executor, accountId: string, clientId: string) {
  return db.selectFrom('support_message').selectAll().where('account_id', '=', accountId).where('client_id', '=', clientId).executeTakeFirst();
}

export async function insertMessage(db: Executor, row: NewMessage): Promise<void> {
  await db.insertInto('support_message').values(row).execute();
}

/** The conversation after `after`, oldest first; `ticketId` narrows it to one ticket, internal notes only when asked. */
export function messagesAfter(db: Executor, accountId: string, after: number, opts: { internal: boolean; ticketId?: string; limit?: number }) {
  let q = db.selectFrom('support_message').selectAll().where('account_id', '=', accountId).where('seq', '>', after);
  if (!opts.internal) q = q.where('internal', '=', 0);
  if (opts.ticketId) q = q.where('ticket_id', '=', opts.ticketId);
  return q.orderBy('seq', 'asc').limit(opts.limit ?? 1000).execute();
}

export async function lastVisibleSeq(db: Executor, accountId: string): Promise<number> {
  const row = await db
    .selectFrom('support_message')
    .select((eb) => eb.fn.max('seq').as('seq'))
    .where('account_id', '=', accountId)
    .where('internal', '=', 0)
    .executeTakeFirst();
  return Number(row?.seq ?? 0);
}

// --- attachments

export async function createAttachment(db: Executor, row: Insertable<SupportAttachmentTable>): Promise<void> {
  await db.insertInto('support_attachment').values(row).execute();
}

export function attachmentsByIds(db: Executor, accountId: string, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('support_attachment').selectAll().where('account_id', '=', accountId).where('id', 'in', ids).execute();
}

export function attachmentById(db: Executor, id: string) {
  return db.selectFrom('support_attachment').selectAll().where('id', '=', id).executeTakeFirst();
}

/** An attachment that a visible message of the conversation carries (what the subscriber may download). */
export function attachmentInConversation(db: Executor, accountId: string, id: string, internal: boolean) {
  return db
    .selectFrom('support_attachment as a')
    .selectAll('a')
    .where('a.account_id', '=', accountId)
    .where('a.id', '=', id)
    .where((eb) =>
      eb.or([
        eb('a.uploaded_by', '=', 'subscriber'),
        eb.exists(
          eb
            .selectFrom('support_message as m')
            .select('m.seq')
            .where('m.account_id', '=', accountId)
            .whereRef('m.attachment_id', '=', 'a.id')
            .where('m.internal', 'in', internal ? [0, 1] : [0]),
        ),
      ]),
    )
    .executeTakeFirst();
}

export function blobKeysOf(db: Executor, accountId: string) {
  return db.selectFrom('support_attachment').select('blob_key').where('account_id', '=', accountId).execute();
}

// --- canned replies

export function listCanned(db: Executor, language?: string) {
  let q = db.selectFrom('support_canned').selectAll();
  if (language) q = q.where('language', '=', language);
  return q.orderBy('language').orderBy('title').orderBy('id').limit(500).execute();
}

export function cannedById(db: Executor, id: string) {
  return db.selectFrom('support_canned').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function createCanned(db: Executor, row: Insertable<SupportCannedTable>): Promise<void> {
  await db.insertInto('support_canned').values(row).execute();
}

export async function updateCanned(db: Executor, id: string, set: Updateable<SupportCannedTable>): Promise<boolean> {
  const r = await db.updateTable('support_canned').set(set).where('id', '=', id).executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function deleteCanned(db: Executor, id: string): Promise<boolean> {
  const r = await db.deleteFrom('support_canned').where('id', '=', id).executeTakeFirst();
  return Number(r.numDeletedRows) === 1;
}

// --- account deletion

export async function purgeAccount(db: Executor, accountId: string): Promise<void> {
  for (const t of ['support_message', 'support_attachment', 'support_ticket', 'support_conversation', 'support_token'] as const) {
    await db.deleteFrom(t).where('account_id', '=', accountId).execute();
  }
}
