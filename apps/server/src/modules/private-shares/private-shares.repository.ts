import type { Expression, SqlBool } from 'kysely';
import type { ExpressionBuilder } from 'kysely';
import type { Executor } from '../../infra/db/executor.js';
import type { DB } from '../../infra/db/schema.js';
import type { NewShare, ShareRow } from './private-shares.table.js';

type SortKey = 'name' | 'sharedDate' | 'lastModifiedDate' | 'size';
const SORT_COLUMN = {
  name: 'file.name_key',
  sharedDate: 'share.created_at',
  lastModifiedDate: 'file.last_modified_at',
  size: 'file.bytes',
} as const;

/**
 * A share that grants now: not removed, not past its duration, and its owner not suspended (issue 27: a suspended
 * subscriber's shares stop for their recipients too and come back on unsuspend, as nothing about them changed).
 */
const live = (at: number) => (eb: ExpressionBuilder<DB, 'share'>): Expression<SqlBool> =>
  eb.and([
    eb('share.removed_at', 'is', null),
    eb.or([eb('share.expires_at', 'is', null), eb('share.expires_at', '>', at)]),
    eb.exists(eb.selectFrom('account').select('account.id').whereRef('account.id', '=', 'share.account_id').where('account.suspended_at', 'is', null)),
  ]);

/** Creates the share, or renews it (role, duration, back from removed) when this item already went to this contact. */
export async function upsert(db: Executor, row: NewShare): Promise<void> {
  await db
    .insertInto('share')
    .values(row)
    .onConflict((oc) =>
      oc.columns(['file_id', 'identifier']).doUpdateSet({
        role: row.role,
        expires_at: row.expires_at,
        removed_at: null,
        invitee_id: row.invitee_id,
        updated_at: row.updated_at,
      }),
    )
    .execute();
}

export const getByItemsAndIdentifiers = (db: Executor, fileIds: readonly string[], identifiers: readonly string[]) =>
  fileIds.length === 0 || identifiers.length === 0
    ? Promise.resolve([] as ShareRow[])
    : db.selectFrom('share').selectAll().where('file_id', 'in', fileIds).where('identifier', 'in', identifiers).execute();

export interface ShareListing {
  sharedBy?: string;
  sharedWith?: string;
  documentType?: string;
  sortBy: SortKey;
  sortOrder: 'ASC' | 'DESC';
  limit: number;
  offset: number;
  at: number;
}

/** Live shared items (owner's side: one row per item; invitee's: one per item shared with me), with the file row. */
function listingQuery(db: Executor, q: ShareListing) {
  let query = db
    .selectFrom('share')
    .innerJoin('file', 'file.id', 'share.file_id')
    .where(live(q.at))
    .where('file.status', '=', 'ACTIVE');
  if (q.sharedBy) query = query.where('share.account_id', '=', q.sharedBy);
  if (q.sharedWith) query = query.where('share.invitee_id', '=', q.sharedWith);
  if (q.documentType) query = query.where('file.document_type', '=', q.documentType as never);
  return query;
}

export async function listShared(db: Executor, q: ShareListing) {
  const base = listingQuery(db, q);
  const [rows, total] = await Promise.all([
    base
      .selectAll('file')
      .select((eb) => [eb.fn.min('share.created_at').as('shared_at'), eb.fn.max('share.expires_at').as('latest_expiry')])
      // 'EDITOR' sorts before 'VIEWER': an invitee holding both roles on an item is an editor.
      .select((eb) => eb.fn.min('share.role').as('best_role'))
      .select((eb) => eb.fn.sum<string>(eb.case().when('share.expires_at', 'is', null).then(1).else(0).end()).as('unlimited'))
      .groupBy('file.id')
      .orderBy(q.sortBy === 'sharedDate' ? (eb) => eb.fn.min('share.created_at') : SORT_COLUMN[q.sortBy], q.sortOrder === 'DESC' ? 'desc' : 'asc')
      .orderBy('file.id')
      .limit(q.limit)
      .offset(q.offset)
      .execute(),
    base.select((eb) => eb.fn.count<string>('share.file_id').distinct().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, totalCount: Number(total.n) };
}

/** How many people each item is live-shared with. */
export async function inviteeCounts(db: Executor, fileIds: readonly string[], at: number): Promise<Map<string, number>> {
  if (fileIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('share')
    .select(['file_id', (eb) => eb.fn.count<string>('id').as('n')])
    .where('file_id', 'in', fileIds)
    .where(live(at))
    .groupBy('file_id')
    .execute();
  return new Map(rows.map((r) => [r.file_id, Number(r.n)]));
}

/** The item's live shares with the invitee's account (if any), oldest first. */
export const listForItem = (db: Executor, fileId: string, at: number) =>
  db
    .selectFrom('share')
    .leftJoin('account', 'account.id', 'share.invitee_id')
    .selectAll('share')
    .select(['account.name', 'account.surname'])
    .where('share.file_id', '=', fileId)
    .where(live(at))
    .orderBy('share.created_at')
    .orderBy('share.id')
    .execute();

/** Ends these shares of one item at once; returns how many were live. */
export async function remove(db: Executor, fileId: string, subject: { inviteeId?: string; shareId?: string }, at: number) {
  let q = db.updateTable('share').set({ removed_at: at, updated_at: at }).where('file_id', '=', fileId).where('removed_at', 'is', null);
  if (subject.inviteeId) q = q.where('invitee_id', '=', subject.inviteeId);
  if (subject.shareId) q = q.where('id', '=', subject.shareId).where('invitee_id', 'is', null);
  const res = await q.executeTakeFirst();
  return Number(res.numUpdatedRows);
}

/** The contacts this owner shared with most recently, with the invitee's account name when there is one. */
export const recentInvitees = (db: Executor, ownerId: string, limit: number) =>
  db
    .selectFrom('share')
    .leftJoin('account', 'account.id', 'share.invitee_id')
    .select(['share.identifier', (eb) => eb.fn.max('share.created_at').as('last_at'), (eb) => eb.fn.max('account.name').as('name'), (eb) => eb.fn.max('account.surname').as('surname')])
    .where('share.account_id', '=', ownerId)
    .groupBy('share.identifier')
    .orderBy('last_at', 'desc')
    .orderBy('share.identifier')
    .limit(limit)
    .execute();

/** The people who shared with this account, by the e-mail address of their account. */
export const sharersOf = (db: Executor, inviteeId: string, limit: number) =>
  db
    .selectFrom('share')
    .innerJoin('account', 'account.id', 'share.account_id')
    .select(['account.email as identifier', 'account.name', 'account.surname', (eb) => eb.fn.max('share.created_at').as('last_at')])
    .where('share.invitee_id', '=', inviteeId)
    .groupBy(['account.email', 'account.name', 'account.surname'])
    .orderBy('last_at', 'desc')
    .limit(limit)
    .execute();

/**
 * The caller's shares, live or not, on this item or a folder above it: the viewer tells "expired" and "no longer
 * shared" apart from "not found". Nearest first is not needed: any live one grants, the service reads them all.
 */
export const sharesAbove = (db: Executor, inviteeId: string, fileId: string) =>
  db
    .withRecursive('up(id, parent_id)', (qc) =>
      qc
        .selectFrom('file')
        .select(['id', 'parent_id'])
        .where('id', '=', fileId)
        .union((eb) => eb.selectFrom('file as f').innerJoin('up', 'up.parent_id', 'f.id').select(['f.id', 'f.parent_id'])),
    )
    .selectFrom('share')
    .innerJoin('up', 'up.id', 'share.file_id')
    .selectAll('share')
    .where('share.invitee_id', '=', inviteeId)
    .execute();

/** Pending invitations to these contacts become the new account's (at sign-up). */
export async function claim(db: Executor, accountId: string, identifiers: readonly string[], at: number): Promise<number> {
  if (identifiers.length === 0) return 0;
  const res = await db
    .updateTable('share')
    .set({ invitee_id: accountId, updated_at: at })
    .where('invitee_id', 'is', null)
    .where('identifier', 'in', identifiers)
    .executeTakeFirst();
  return Number(res.numUpdatedRows);
}

/** Housekeeping: rows removed or expired long ago no longer need to explain themselves to the viewer. */
export async function purge(db: Executor, before: number): Promise<number> {
  const res = await db
    .deleteFrom('share')
    .where((eb) => eb.or([eb('removed_at', '<', before), eb('expires_at', '<', before)]))
    .executeTakeFirst();
  return Number(res.numDeletedRows);
}

/** Ids of the files live shares give this invitee: each shared item and everything under a shared folder (live, not hidden). */
export const grantedFileIds = (db: Executor, inviteeId: string, at: number) =>
  db
    // UNION, not UNION ALL: a corrupt cycle still terminates.
    .withRecursive('granted(id)', (qc) =>
      qc
        .selectFrom('share')
        .innerJoin('file', 'file.id', 'share.file_id')
        .select('file.id')
        .where('share.invitee_id', '=', inviteeId)
        .where((eb) => live(at)(eb as unknown as ExpressionBuilder<DB, 'share'>))
        .where('file.status', '=', 'ACTIVE')
        .where('file.hidden', '=', 0)
        .union((eb) =>
          eb
            .selectFrom('file as f')
            .innerJoin('granted', 'granted.id', 'f.parent_id')
            .select('f.id')
            .where('f.status', '=', 'ACTIVE')
            .where('f.hidden', '=', 0),
        ),
    )
    .selectFrom('granted')
    .select('granted.id');

/** The owners (account and project) whose live shares give this invitee something. */
export const grantingOwners = (db: Executor, inviteeId: string, at: number) =>
  db
    .selectFrom('share')
    .innerJoin('account', 'account.id', 'share.account_id')
    .select(['account.id as accountId', 'account.project_id as projectId'])
    .distinct()
    .where('share.invitee_id', '=', inviteeId)
    .where(live(at))
    .execute();

/** Account deletion: what it shared, what was shared with it, and shares of its files by anyone. */
export async function purgeAccount(db: Executor, accountId: string): Promise<void> {
  await db
    .deleteFrom('share')
    .where((eb) =>
      eb.or([
        eb('account_id', '=', accountId),
        eb('invitee_id', '=', accountId),
        eb('file_id', 'in', eb.selectFrom('file').select('id').where('account_id', '=', accountId)),
      ]),
    )
    .execute();
}
