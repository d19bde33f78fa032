import type { Executor } from '../../infra/db/executor.js';
import type { ContactVersion, NewContact } from './contacts.table.js';

/** Columns a list shows; the card itself (photo included) is read only for one contact or an export. */
const LIST_COLUMNS = ['id', 'position', 'display_name', 'first_name', 'last_name', 'phones_json', 'emails_json'] as const;

/** Rows per insert statement: far below SQLite's 32,766 bound parameters with 12 columns a row. */
const INSERT_CHUNK = 500;

export function listVersions(db: Executor, accountId: string): Promise<ContactVersion[]> {
  return db.selectFrom('contact_version').selectAll().where('account_id', '=', accountId).orderBy('id', 'desc').execute();
}

export function getVersion(db: Executor, accountId: string, versionId: string): Promise<ContactVersion | undefined> {
  return db.selectFrom('contact_version').selectAll().where('account_id', '=', accountId).where('id', '=', versionId).executeTakeFirst();
}

export function currentVersion(db: Executor, accountId: string): Promise<ContactVersion | undefined> {
  return db.selectFrom('contact_version').selectAll().where('account_id', '=', accountId).orderBy('id', 'desc').limit(1).executeTakeFirst();
}

export async function createVersion(db: Executor, row: ContactVersion, contacts: NewContact[]): Promise<void> {
  await db.insertInto('contact_version').values(row).execute();
  for (let i = 0; i < contacts.length; i += INSERT_CHUNK) await db.insertInto('contact').values(contacts.slice(i, i + INSERT_CHUNK)).execute();
}

export async function deleteVersions(db: Executor, accountId: string, versionIds: string[]): Promise<void> {
  if (versionIds.length === 0) return;
  await db.deleteFrom('contact').where('account_id', '=', accountId).where('version_id', 'in', versionIds).execute();
  await db.deleteFrom('contact_version').where('account_id', '=', accountId).where('id', 'in', versionIds).execute();
}

/** One page of a version in first-name order: positions are dense, so a page is a range, however deep. */
export function pageByPosition(db: Executor, accountId: string, versionId: string, from: number, to: number, descending: boolean) {
  return db
    .selectFrom('contact')
    .select(LIST_COLUMNS)
    .where('account_id', '=', accountId)
    .where('version_id', '=', versionId)
    .where('position', '>=', from)
    .where('position', '<', to)
    .orderBy('position', descending ? 'desc' : 'asc')
    .execute();
}

/** Contacts whose folded text holds every folded word, in order; words are letters and digits only (no LIKE escapes). */
function matching(db: Executor, accountId: string, versionId: string, words: string[]) {
  let q = db.selectFrom('contact').where('account_id', '=', accountId).where('version_id', '=', versionId);
  // Words start at a space in the folded text: "ay" finds "Ayşe" and "Can Ay", not "Kaya".
  for (const w of words) q = q.where('search_text', 'like', `% ${w}%`);
  return q;
}

export async function countMatches(db: Executor, accountId: string, versionId: string, words: string[]): Promise<number> {
  const row = await matching(db, accountId, versionId, words)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function pageOfMatches(db: Executor, accountId: string, versionId: string, words: string[], offset: number, limit: number, descending: boolean) {
  return matching(db, accountId, versionId, words)
    .select(LIST_COLUMNS)
    .orderBy('position', descending ? 'desc' : 'asc')
    .limit(limit)
    .offset(offset)
    .execute();
}

export function getContact(db: Executor, accountId: string, versionId: string, contactId: string) {
  return db
    .selectFrom('contact')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('version_id', '=', versionId)
    .where('id', '=', contactId)
    .executeTakeFirst();
}

/** Whole cards of a version from a position on, for exports and copies that go chunk by chunk. */
export function cardsFrom(db: Executor, accountId: string, versionId: string, fromPosition: number, limit: number) {
  return db
    .selectFrom('contact')
    .select(['id', 'position', 'card_json', 'etag'])
    .where('account_id', '=', accountId)
    .where('version_id', '=', versionId)
    .where('position', '>=', fromPosition)
    .orderBy('position')
    .limit(limit)
    .execute();
}

/** Each contact's id and ETag in a version: what a phone's sync token is compared against. */
export function etagsOf(db: Executor, accountId: string, versionId: string) {
  return db.selectFrom('contact').select(['id', 'etag']).where('account_id', '=', accountId).where('version_id', '=', versionId).execute();
}

export async function purgeAccount(db: Executor, accountId: string): Promise<void> {
  await db.deleteFrom('contact').where('account_id', '=', accountId).execute();
  await db.deleteFrom('contact_version').where('account_id', '=', accountId).execute();
}
