import { sql } from 'kysely';
import type { Executor } from '../../infra/db/executor.js';
import type { FileRow } from '../files/files.public.js';
import type { LinkEntityKind, NewShareLink, ShareLinkRow } from './public-links.table.js';

// Links are this module's tables; what a link shows is read from the file and album tables (read only), in the
// shapes a visitor's page needs: the link's root items, a shared folder's children, the crumbs down to it.

export type Order = 'asc' | 'desc';
export interface Page {
  limit: number;
  offset: number;
}
/** Sort key column of each visitor sortBy. */
export const FILE_SORT = { name: 'name_key', createdDate: 'created_at', size: 'bytes', lastModifiedDate: 'last_modified_at' } as const;
export type FileSortColumn = (typeof FILE_SORT)[keyof typeof FILE_SORT];
export const LINK_SORT = { createdDate: 'created_at', name: 'name_key', expirationDate: 'expires_at' } as const;

export async function insertLink(db: Executor, row: NewShareLink, fileIds: readonly string[]): Promise<void> {
  await db.insertInto('share_link').values(row).execute();
  if (fileIds.length === 0) return;
  await db
    .insertInto('share_link_item')
    .values(fileIds.map((file_id, position) => ({ link_id: row.id, file_id, position })))
    .execute();
}

/** The ids a link was made for, in the order given (trashed ones too: the link still names them). */
export async function namedIds(db: Executor, linkId: string): Promise<string[]> {
  const rows = await db.selectFrom('share_link_item').select('file_id').where('link_id', '=', linkId).orderBy('position').execute();
  return rows.map((r) => r.file_id);
}

/** My live, password-less link on exactly this set of items (one link per item set, as Drive does). */
export const findReusable = (db: Executor, accountId: string, itemSet: string, at: number) =>
  db
    .selectFrom('share_link')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('item_set', '=', itemSet)
    .where('password_hash', 'is', null)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', at)]))
    .orderBy('created_at', 'desc')
    .executeTakeFirst();

export const getByTokenHash = (db: Executor, hash: string) =>
  db.selectFrom('share_link').selectAll().where('token_hash', '=', hash).executeTakeFirst();

export const getOwned = (db: Executor, accountId: string, id: string) =>
  db.selectFrom('share_link').selectAll().where('account_id', '=', accountId).where('id', '=', id).executeTakeFirst();

export const listOwned = (db: Executor, accountId: string, column: (typeof LINK_SORT)[keyof typeof LINK_SORT], order: Order, p: Page) =>
  db
    .selectFrom('share_link')
    .selectAll()
    .where('account_id', '=', accountId)
    .orderBy(column, order)
    .orderBy('id', order)
    .limit(p.limit)
    .offset(p.offset)
    .execute();

export async function countOwned(db: Executor, accountId: string): Promise<number> {
  const row = await db.selectFrom('share_link').select((eb) => eb.fn.countAll().as('n')).where('account_id', '=', accountId).executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function update(db: Executor, accountId: string, id: string, patch: Partial<Pick<ShareLinkRow, 'expires_at' | 'password_hash' | 'show_name'>>) {
  await db.updateTable('share_link').set(patch).where('account_id', '=', accountId).where('id', '=', id).execute();
}

/** The account's links to one entity now name another (a merged person's links follow the survivor). */
export async function moveEntityLinks(db: Executor, accountId: string, kind: LinkEntityKind, from: string, into: string): Promise<void> {
  await db
    .updateTable('share_link')
    .set({ entity_id: into, item_set: `${kind}:${into}` })
    .where('account_id', '=', accountId)
    .where('entity_kind', '=', kind)
    .where('entity_id', '=', from)
    .execute();
}

export async function deleteOwned(db: Executor, accountId: string, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.deleteFrom('share_link').where('account_id', '=', accountId).where('id', 'in', ids).execute();
}

// --- what a link shows

/** The live items a link to files names, in the owner's order (the link's root). */
const namedItems = (db: Executor, link: Pick<ShareLinkRow, 'id' | 'account_id'>) =>
  db
    .selectFrom('share_link_item as i')
    .innerJoin('file as f', 'f.id', 'i.file_id')
    .where('i.link_id', '=', link.id)
    .where('f.account_id', '=', link.account_id)
    .where('f.status', '=', 'ACTIVE');

/** The one folder a link to files names, when that is all it names (live): the link opens inside it. */
export async function soleFolder(db: Executor, link: Pick<ShareLinkRow, 'id' | 'account_id'>): Promise<string | null> {
  const rows = await namedItems(db, link).select(['f.id', 'f.is_folder']).limit(2).execute();
  return rows.length === 1 && rows[0]!.is_folder === 1 ? rows[0]!.id : null;
}

export async function hasLiveItem(db: Executor, link: Pick<ShareLinkRow, 'id' | 'account_id'>): Promise<boolean> {
  return (await namedItems(db, link).select('f.id').limit(1).executeTakeFirst()) !== undefined;
}

/** An album's live, unhidden photos, as the album shows them now. */
const albumPhotos = (db: Executor, accountId: string, albumId: string) =>
  db
    .selectFrom('album_file as i')
    .innerJoin('file as f', 'f.id', 'i.file_id')
    .innerJoin('album as a', 'a.id', 'i.album_id')
    .where('i.album_id', '=', albumId)
    .where('a.account_id', '=', accountId)
    .where('a.status', '!=', 'TRASHED')
    .where('f.account_id', '=', accountId)
    .where('f.status', '=', 'ACTIVE')
    .where('f.hidden', '=', 0);

/** A folder's live, unhidden children (what the zip of a shared folder holds too). */
const children = (db: Executor, accountId: string, parentId: string) =>
  db
    .selectFrom('file as f')
    .where('f.account_id', '=', accountId)
    .where('f.parent_id', '=', parentId)
    .where('f.status', '=', 'ACTIVE')
    .where('f.hidden', '=', 0);

export type Scope = { kind: 'root'; link: Pick<ShareLinkRow, 'id' | 'account_id' | 'album_id'> } | { kind: 'folder'; accountId: string; folderId: string };

const scoped = (db: Executor, scope: Scope) => {
  if (scope.kind === 'folder') return children(db, scope.accountId, scope.folderId);
  const { link } = scope;
  return link.album_id === null ? namedItems(db, link) : albumPhotos(db, link.account_id, link.album_id);
};

export async function countIn(db: Executor, scope: Scope): Promise<number> {
  const row = await scoped(db, scope).select((eb) => eb.fn.countAll().as('n')).executeTakeFirst();
  return Number(row?.n ?? 0);
}

/**
 * One page: folders first, then files, each by the key and then id (a total order, so pages neither repeat nor skip).
 * In a folder the two segments are read apart, each in the order of the files module's listing index, so a page of a
 * big folder is an index range, not a sort of the whole folder.
 */
export async function listIn(db: Executor, scope: Scope, column: FileSortColumn, order: Order, p: Page): Promise<FileRow[]> {
  if (scope.kind === 'root') {
    // At most 500 named items (sorted in memory by the database), or an album's photos (no folders among them).
    return scoped(db, scope)
      .selectAll('f')
      .$if(scope.link.album_id === null, (qb) => qb.orderBy('f.is_folder', 'desc'))
      .orderBy(`f.${column}`, order)
      .orderBy('f.id', order)
      .limit(p.limit)
      .offset(p.offset)
      .execute();
  }
  const segment = (folder: number, offset: number, limit: number) =>
    scoped(db, scope)
      .selectAll('f')
      .where('f.is_folder', '=', folder)
      .orderBy(`f.${column}`, order)
      .orderBy('f.id', order)
      .limit(limit)
      .offset(offset)
      .execute();
  const row = await scoped(db, scope)
    .select((eb) => eb.fn.countAll().as('n'))
    .where('f.is_folder', '=', 1)
    .executeTakeFirst();
  const folders = Number(row?.n ?? 0);
  if (p.offset >= folders) return segment(0, p.offset - folders, p.limit);
  const first = await segment(1, p.offset, p.limit);
  return first.length < p.limit ? [...first, ...(await segment(0, 0, p.limit - first.length))] : first;
}

/** The first few root items in the owner's order (files) or the album's newest first, for the owner's list. */
export function previewItems(db: Executor, link: Pick<ShareLinkRow, 'id' | 'account_id' | 'album_id'>, limit: number): Promise<FileRow[]> {
  if (link.album_id === null) return namedItems(db, link).selectAll('f').orderBy('i.position').limit(limit).execute();
  return albumPhotos(db, link.account_id, link.album_id).selectAll('f').orderBy('i.added_at', 'desc').orderBy('f.id').limit(limit).execute();
}

/** Every id of the link's root (files named by the link, or the album's photos now). */
export async function rootIds(db: Executor, link: Pick<ShareLinkRow, 'id' | 'account_id' | 'album_id'>): Promise<string[]> {
  const rows = await scoped(db, { kind: 'root', link }).select('f.id').execute();
  return rows.map((r) => r.id);
}

/** The folder and its parents up to the first one the link names (inclusive), nearest first; at most `limit`. */
export async function crumbs(db: Executor, accountId: string, linkId: string, folderId: string, limit: number) {
  const rows = await db
    .withRecursive('up(id, parent_id, name, depth)', (qc) =>
      qc
        .selectFrom('file')
        .select(['id', 'parent_id', 'name', sql<number>`0`.as('depth')])
        .where('account_id', '=', accountId)
        .where('id', '=', folderId)
        .unionAll((eb) =>
          eb
            .selectFrom('file as f')
            .innerJoin('up', 'up.parent_id', 'f.id')
            .select(['f.id', 'f.parent_id', 'f.name', (e) => e(e.ref('up.depth'), '+', 1).as('depth')])
            .where('f.account_id', '=', accountId)
            // Stop above the first folder the link names: the visitor never sees its parents.
            .where((e) => e.not(e.exists(e.selectFrom('share_link_item as i').select('i.file_id').where('i.link_id', '=', linkId).whereRef('i.file_id', '=', 'up.id'))))
            .where('up.depth', '<', limit),
        ),
    )
    .selectFrom('up')
    .select(['id', 'name', 'depth'])
    .orderBy('depth')
    .execute();
  return rows.map((r) => ({ uuid: r.id, name: r.name }));
}

/** The selected live items and every live, unhidden row under the selected folders, parents before children. */
export async function subtreeRows(db: Executor, accountId: string, rootIds: readonly string[], limit: number): Promise<Array<FileRow & { depth: number }>> {
  if (rootIds.length === 0) return [];
  const rows = await db
    .withRecursive('tree(id, depth)', (qc) =>
      qc
        .selectFrom('file')
        .select(['id', sql<number>`0`.as('depth')])
        .where('account_id', '=', accountId)
        .where('status', '=', 'ACTIVE')
        .where('id', 'in', rootIds)
        .unionAll((eb) =>
          eb
            .selectFrom('file as f')
            .innerJoin('tree as t', 't.id', 'f.parent_id')
            .select(['f.id', (e) => e(e.ref('t.depth'), '+', 1).as('depth')])
            .where('f.account_id', '=', accountId)
            .where('f.status', '=', 'ACTIVE')
            .where('f.hidden', '=', 0),
        ),
    )
    .selectFrom('tree')
    .innerJoin('file', 'file.id', 'tree.id')
    .selectAll('file')
    .select('tree.depth')
    .orderBy('tree.depth')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ ...r, depth: Number(r.depth) }));
}

export const albumOf = (db: Executor, accountId: string, albumId: string) =>
  db.selectFrom('album').select(['id', 'label', 'status']).where('account_id', '=', accountId).where('id', '=', albumId).executeTakeFirst();

/** Account deletion: its links (and their items), and items of its files in anyone's links. */
export async function purgeAccount(db: Executor, accountId: string): Promise<void> {
  const own = db.selectFrom('share_link').select('id').where('account_id', '=', accountId);
  await db.deleteFrom('share_link_item').where('link_id', 'in', own).execute();
  await db
    .deleteFrom('share_link_item')
    .where('file_id', 'in', db.selectFrom('file').select('id').where('account_id', '=', accountId))
    .execute();
  await db.deleteFrom('share_link').where('account_id', '=', accountId).execute();
}
