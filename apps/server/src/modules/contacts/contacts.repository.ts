import type { ExpressionBuilder } from 'kysely';
import type { DB } from '../../infra/db/schema.js';
import type { Executor } from '../../infra/db/executor.js';
import type { ContactVersion, NewContactEntry } from './contacts.table.js';

/** Columns a list shows; the card itself (photo included) lives in contact_card and is read only where needed. */
const LIST_COLUMNS = ['contact_id', 'display_name', 'first_name', 'last_name', 'phones_json', 'emails_json'] as const;
/** What placing a new entry among the others needs. */
const ORDER_COLUMNS = ['row_id', 'contact_id', 'etag', 'sort_key', 'sort_first', 'display_name'] as const;

/** Rows per insert statement: far below SQLite's 32,766 bound parameters with 14 columns a row. */
const INSERT_CHUNK = 500;

/**
 * The entries a version (or the book at a seq) shows. No OR (an open entry's to_seq is OPEN_SEQ, not NULL): both tests
 * are conditions on contact_entry_order's columns, checked inside the index range.
 */
const visibleAt = (seq: number) => (eb: ExpressionBuilder<DB, 'contact_entry'>) => eb.and([eb('from_seq', '<=', seq), eb('to_seq', '>', seq)]);

const entries = (db: Executor, accountId: string, seq: number) => db.selectFrom('contact_entry').where('account_id', '=', accountId).where(visibleAt(seq));

export function listVersions(db: Executor, accountId: string): Promise<ContactVersion[]> {
  return db.selectFrom('contact_version').selectAll().where('account_id', '=', accountId).orderBy('id', 'desc').execute();
}

export function getVersion(db: Executor, accountId: string, versionId: string): Promise<ContactVersion | undefined> {
  return db.selectFrom('contact_version').selectAll().where('account_id', '=', accountId).where('id', '=', versionId).executeTakeFirst();
}

export function currentVersion(db: Executor, accountId: string): Promise<ContactVersion | undefined> {
  return db.selectFrom('contact_version').selectAll().where('account_id', '=', accountId).orderBy('id', 'desc').limit(1).executeTakeFirst();
}

export async function createVersion(db: Executor, row: ContactVersion): Promise<void> {
  await db.insertInto('contact_version').values(row).execute();
}

/** The daily SYNC version takes the book's newer state in place. */
export async function updateVersion(db: Executor, accountId: string, id: string, set: { seq: number; contact_count: number; created_at?: number }): Promise<void> {
  await db.updateTable('contact_version').set(set).where('account_id', '=', accountId).where('id', '=', id).execute();
}

export async function deleteVersions(db: Executor, accountId: string, versionIds: string[]): Promise<void> {
  if (versionIds.length === 0) return;
  await db.deleteFrom('contact_version').where('account_id', '=', accountId).where('id', 'in', versionIds).execute();
}

export async function getBook(db: Executor, accountId: string): Promise<{ seq: number; floor: number } | undefined> {
  const row = await db.selectFrom('contact_book').select(['seq', 'floor']).where('account_id', '=', accountId).executeTakeFirst();
  return row && { seq: Number(row.seq), floor: Number(row.floor) };
}

export async function saveBook(db: Executor, accountId: string, book: { seq: number; floor: number }, exists: boolean): Promise<void> {
  if (exists) await db.updateTable('contact_book').set(book).where('account_id', '=', accountId).execute();
  else await db.insertInto('contact_book').values({ account_id: accountId, ...book }).execute();
}

/** The entries visible at `seq` in their order, with what placing another among them compares. */
export async function orderAt(db: Executor, accountId: string, seq: number) {
  const rows = await entries(db, accountId, seq).select(ORDER_COLUMNS).orderBy('sort_key').execute();
  return rows.map((r) => ({ ...r, sort_key: Number(r.sort_key) }));
}

/** Whole entries visible at `seq` from a sort key on (exclusive), in order: copies, exports, syncs go chunk by chunk. */
export function entriesAfter(db: Executor, accountId: string, seq: number, afterKey: number, limit: number) {
  return entries(db, accountId, seq).selectAll().where('sort_key', '>', afterKey).orderBy('sort_key').limit(limit).execute();
}

/** Entries made after `since` and visible at `seq`: the contacts a phone with the token `since` has not seen. */
export function entriesChangedAfter(db: Executor, accountId: string, since: number, seq: number, afterKey: number, limit: number) {
  return entries(db, accountId, seq).selectAll().where('from_seq', '>', since).where('sort_key', '>', afterKey).orderBy('sort_key').limit(limit).execute();
}

/** Contacts visible at `since` and gone at `seq`. */
export async function contactsRemovedBetween(db: Executor, accountId: string, since: number, seq: number): Promise<string[]> {
  const rows = await db
    .selectFrom('contact_entry as e')
    .select('e.contact_id')
    .distinct()
    .where('e.account_id', '=', accountId)
    .where('e.from_seq', '<=', since)
    .where('e.to_seq', '>', since)
    .where('e.to_seq', '<=', seq)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('contact_entry as o')
            .select('o.row_id')
            .whereRef('o.account_id', '=', 'e.account_id')
            .whereRef('o.contact_id', '=', 'e.contact_id')
            .where('o.from_seq', '<=', seq)
            .where('o.to_seq', '>', seq),
        ),
      ),
    )
    .execute();
  return rows.map((r) => r.contact_id);
}

/** Entries visible at `seq` strictly after sort key `after` (null: from the start) in first-name order: one index range. */
const after = (db: Executor, accountId: string, seq: number, after: number | null, descending: boolean) =>
  entries(db, accountId, seq)
    .$if(after !== null, (qb) => qb.where('sort_key', descending ? '<' : '>', after!))
    .orderBy('sort_key', descending ? 'desc' : 'asc');

/** One page of a version in first-name order after a sort key (keyset): a range of contact_entry_order, no OFFSET. */
export async function pageAfter(db: Executor, accountId: string, seq: number, afterKey: number | null, limit: number, descending: boolean) {
  const rows = await after(db, accountId, seq, afterKey, descending).select([...LIST_COLUMNS, 'sort_key']).limit(limit).execute();
  return rows.map((r) => ({ ...r, sort_key: Number(r.sort_key) }));
}

/** Only the sort keys of the next `limit` entries after a key: to find where a page jumped to starts. */
export async function keysAfter(db: Executor, accountId: string, seq: number, afterKey: number | null, limit: number, descending: boolean): Promise<number[]> {
  const rows = await after(db, accountId, seq, afterKey, descending).select('sort_key').limit(limit).execute();
  return rows.map((r) => Number(r.sort_key));
}

/** Entries whose folded text holds every folded word; words are letters and digits only (no LIKE escapes). */
function matching(db: Executor, accountId: string, seq: number, words: string[]) {
  let q = entries(db, accountId, seq);
  // Words start at a space in the folded text: "ay" finds "Ayşe" and "Can Ay", not "Kaya".
  for (const w of words) q = q.where('search_text', 'like', `% ${w}%`);
  return q;
}

/** The sort keys of the entries that match, in order: one scan gives the count and any page of a search. */
export async function matchingKeys(db: Executor, accountId: string, seq: number, words: string[]): Promise<number[]> {
  const rows = await matching(db, accountId, seq, words).select('sort_key').execute();
  return rows.map((r) => Number(r.sort_key)).sort((x, y) => x - y);
}

/** The list columns of the entries with these sort keys (unique among the entries visible at `seq`). */
export async function entriesWithKeys(db: Executor, accountId: string, seq: number, keys: number[]) {
  if (keys.length === 0) return [];
  return entries(db, accountId, seq).select([...LIST_COLUMNS, 'sort_key']).where('sort_key', 'in', keys).execute();
}

/** One contact as a version (or the book at a seq) shows it. */
export function entryAt(db: Executor, accountId: string, seq: number, contactId: string) {
  return entries(db, accountId, seq).selectAll().where('contact_id', '=', contactId).executeTakeFirst();
}

/** Whole cards by their hashes. */
export async function cardsByEtag(db: Executor, accountId: string, etags: string[]): Promise<Map<string, string>> {
  if (etags.length === 0) return new Map();
  const rows = await db.selectFrom('contact_card').select(['etag', 'card_json']).where('account_id', '=', accountId).where('etag', 'in', [...new Set(etags)]).execute();
  return new Map(rows.map((r) => [r.etag, r.card_json]));
}

/** Entries stop being visible from `seq` on. */
export async function closeEntries(db: Executor, accountId: string, rowIds: string[], seq: number): Promise<void> {
  for (let i = 0; i < rowIds.length; i += INSERT_CHUNK) {
    await db
      .updateTable('contact_entry')
      .set({ to_seq: seq })
      .where('account_id', '=', accountId)
      .where('row_id', 'in', rowIds.slice(i, i + INSERT_CHUNK))
      .execute();
  }
}

export async function insertEntries(db: Executor, rows: NewContactEntry[]): Promise<void> {
  for (let i = 0; i < rows.length; i += INSERT_CHUNK) await db.insertInto('contact_entry').values(rows.slice(i, i + INSERT_CHUNK)).execute();
}

/** Cards by content hash; one already stored (another contact or version with the same content) is kept. */
export async function insertCards(db: Executor, accountId: string, cards: Array<{ etag: string; card_json: string }>): Promise<void> {
  const unique = [...new Map(cards.map((c) => [c.etag, c])).values()];
  for (let i = 0; i < unique.length; i += INSERT_CHUNK) {
    await db
      .insertInto('contact_card')
      .values(unique.slice(i, i + INSERT_CHUNK).map((c) => ({ account_id: accountId, ...c })))
      .onConflict((oc) => oc.columns(['account_id', 'etag']).doNothing())
      .execute();
  }
}

/**
 * Drops entries closed at or before `cutoff` and the cards no entry refers to any more; answers the latest seq at
 * which a dropped entry was closed (null when none was).
 */
export async function dropEntriesClosedBy(db: Executor, accountId: string, cutoff: number): Promise<number | null> {
  const gone = await db.selectFrom('contact_entry').select(['etag', 'to_seq']).where('account_id', '=', accountId).where('to_seq', '<=', cutoff).execute();
  if (gone.length === 0) return null;
  await db.deleteFrom('contact_entry').where('account_id', '=', accountId).where('to_seq', '<=', cutoff).execute();
  // The hashes still referred to, read once: a pruned import can free thousands of cards at a time.
  const kept = new Set((await db.selectFrom('contact_entry').select('etag').distinct().where('account_id', '=', accountId).execute()).map((r) => r.etag));
  const free = [...new Set(gone.map((g) => g.etag))].filter((e) => !kept.has(e));
  for (let i = 0; i < free.length; i += INSERT_CHUNK) {
    await db.deleteFrom('contact_card').where('account_id', '=', accountId).where('etag', 'in', free.slice(i, i + INSERT_CHUNK)).execute();
  }
  return Math.max(...gone.map((g) => Number(g.to_seq)));
}

export async function purgeAccount(db: Executor, accountId: string): Promise<void> {
  await db.deleteFrom('contact_entry').where('account_id', '=', accountId).execute();
  await db.deleteFrom('contact_card').where('account_id', '=', accountId).execute();
  await db.deleteFrom('contact_version').where('account_id', '=', accountId).execute();
  await db.deleteFrom('contact_book').where('account_id', '=', accountId).execute();
}
