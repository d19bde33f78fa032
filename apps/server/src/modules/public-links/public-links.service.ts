import type { JobQueue } from '../../infra/jobs/job-queue.js';
import { MEDIA_PROCESS_JOB } from '../media/media.public.js';
import type { Kysely } from 'kysely';
import type { Executor } from '../../infra/db/executor.js';
import type { DB } from '../../infra/db/schema.js';
import { assertWritable } from '../../shared/access.js';
import type { AccessPolicy } from '../../shared/access/access-policy.js';
import type { LinkGrant } from '../../shared/access/link-access.js';
import type { AuthContext } from '../../shared/auth-context.js';
import type { Language } from '../../shared/schemas.js';
import { AppError, Conflict, Forbidden, NotFound, ValidationError } from '../../shared/errors.js';
import { nameKey } from '../../shared/names.js';
import { hashPassword, verifyPassword } from '../../shared/password.js';
import { hashToken, newId } from '../../shared/tokens.js';
import { minutes, now } from '../../shared/time.js';
import * as accounts from '../account/account.identity.public.js';
import * as accountQuota from '../account/account.quota.public.js';
import type { AlbumStreams, StreamAlbum } from '../albums/albums.public.js';
import * as files from '../files/files.public.js';
import { ROOT, toFileItem, type DerivativeLinks, type FileItemDto, type FileRow } from '../files/files.public.js';
import * as repo from './public-links.repository.js';
import type {
  CreatePublicShareInput,
  PublicShareDto,
  PublicShareListQueryValue,
  SaveSharedInput,
  SharedFilesQueryValue,
  VisitorHeadersValue,
} from './public-links.schemas.js';
import type { LinkEntityKind, ShareLinkRow } from './public-links.table.js';
import { LinkKey } from './public-links.token.js';

/** Bad, expired, revoked or unknown: one answer, so a visitor cannot tell which. */
export const LINK_GONE = 'This link does not exist or has expired.';
const LinkGone = () => NotFound(LINK_GONE);
const PasswordRequired = () => Forbidden('This link is protected by a password.', 'SHARE_PASSWORD_REQUIRED');
const QuotaExceeded = accountQuota.QuotaExceeded;
/** Items one save may copy (the zip's limit): the tree is read into memory to recreate it. */
export const MAX_SAVE_ITEMS = 100_000;
const TooManyToSave = () => new AppError(413, 'TOO_MANY_ITEMS', `A save copies at most ${MAX_SAVE_ITEMS} items.`);
export const UNLOCK_TTL_MS = minutes(12 * 60);
const PREVIEW_ITEMS = 4;
/** The zip of a link whose owner keeps the name to themselves: no name of theirs travels in the file name either. */
const UNNAMED_ZIP = 'Photos';

/** The album stream that answers for each kind of live entity link (the people and places modules register them). */
const ENTITY_STREAM = { person: 'album/person', place: 'album/location' } as const satisfies Record<LinkEntityKind, string>;
const ENTITY_OF_STREAM: Record<string, LinkEntityKind> = { 'album/person': 'person', 'album/location': 'place' };
const ENTITY_PERMISSION = { person: 'person.read', place: 'place.read' } as const;
const ENTITY_NOT_FOUND = { person: 'Person not found.', place: 'Place not found.' } as const;
/** Crumbs shown above a shared folder's content; deeper trees show the nearest ones. */
const MAX_CRUMBS = 100;

/** What the download module offers: signed single-file URLs and streamed zips of an account's items. */
export interface Downloads {
  createUrls(auth: Pick<AuthContext, 'accountId' | 'projectId'>, items: ReadonlyArray<{ projectId: string; uuid: string }>): Promise<Array<{ url: string }>>;
  createZip(auth: Pick<AuthContext, 'accountId'>, uuids: readonly string[], name?: string | null): Promise<string>;
}

export interface PublicLinksDeps {
  db: Kysely<DB>;
  /** A copy of a photo whose processing has not finished gets its own media job (the original's ends with the original). */
  jobs: Pick<JobQueue, 'enqueue'>;
  access: AccessPolicy;
  key: LinkKey;
  links: DerivativeLinks;
  downloads: Downloads;
  /** People and places as albums: a live entity link reads its photos through them, at visit time. */
  streams: AlbumStreams;
}

/** A link a visitor opened: its row and its owner, as the visitor's calls need them. */
export interface OpenLink {
  row: ShareLinkRow;
  owner: { accountId: string; projectId: string; name: string };
  /** A live person or place link: the entity as it is now (its current name, after a rename or merge). */
  entity: StreamAlbum | null;
}

const iso = (ms: number | null) => (ms === null ? null : new Date(Number(ms)).toISOString());
const entityOf = (row: ShareLinkRow) => (row.entity_kind !== null && row.entity_id !== null ? { kind: row.entity_kind, id: row.entity_id } : null);
const grantOf = (row: ShareLinkRow): LinkGrant => ({ linkId: row.id, accountId: row.account_id, albumId: row.album_id, entity: entityOf(row) });
const contentTypeOf = (row: ShareLinkRow) =>
  row.entity_kind !== null ? ENTITY_STREAM[row.entity_kind] : row.album_id !== null ? ('album/photo' as const) : null;
const isExpired = (row: ShareLinkRow, at: number) => row.expires_at !== null && Number(row.expires_at) <= at;

function expiryOf(date: string | null | undefined): number | null {
  if (date === null || date === undefined) return null;
  const at = Date.parse(date);
  if (!Number.isFinite(at)) throw ValidationError('expirationDate is not a date.', 'expirationDate');
  if (at <= now()) throw ValidationError('expirationDate must be in the future.', 'expirationDate');
  return at;
}

export class PublicLinksService {
  constructor(private readonly d: PublicLinksDeps) {}

  // --- the owner's links

  async create(auth: AuthContext, input: CreatePublicShareInput): Promise<PublicShareDto> {
    const ids = [...new Set(input.fileUuidList)];
    const expiresAt = expiryOf(input.expirationDate);
    let name: string;
    const entityKind = input.contentType ? ENTITY_OF_STREAM[input.contentType] : undefined;
    if (input.contentType && input.contentType !== 'album/photo' && (!input.isAlbum || !entityKind)) {
      throw ValidationError('contentType names a person or place link (with isAlbum).', 'contentType');
    }
    if (entityKind) {
      if (ids.length !== 1) throw ValidationError('A person or place link names exactly one of them.', 'fileUuidList');
      await this.d.access.requireAccess(auth, ENTITY_PERMISSION[entityKind], ids);
      // The entity as its own module shows it (a person needs premium): not shown there, not shareable here.
      const entity = await this.entityAlbum(entityKind, auth.accountId, ids[0]!);
      if (!entity) throw NotFound(ENTITY_NOT_FOUND[entityKind]);
      if (entity.status !== 'ACTIVE') throw Conflict('ENTITY_NOT_ACTIVE', 'A hidden or trashed person cannot be shared.');
      name = entity.label;
    } else if (input.isAlbum) {
      if (ids.length !== 1) throw ValidationError('An album link names exactly one album.', 'fileUuidList');
      await this.d.access.requireAccess(auth, 'album.read', ids);
      const album = await repo.albumOf(this.d.db, auth.accountId, ids[0]!);
      if (!album || album.status === 'TRASHED') throw NotFound('Album not found.');
      name = album.label;
    } else {
      await this.d.access.requireAccess(auth, 'file.share', ids);
      const rows = await files.getInOrder(this.d.db, auth.accountId, ids);
      const live = new Map(rows.filter((r) => r.status === 'ACTIVE').map((r) => [r.id, r]));
      if (live.size !== ids.length) throw NotFound('File not found.');
      name = live.get(ids[0]!)!.name;
    }
    const itemSet = entityKind ? `${entityKind}:${ids[0]}` : input.isAlbum ? `album:${ids[0]}` : [...ids].sort().join(',');
    const password = input.password ?? null;
    const showName = input.showName === false ? 0 : 1;
    if (password === null) {
      const existing = await repo.findReusable(this.d.db, auth.accountId, itemSet, now());
      if (existing) {
        if (input.expirationDate !== undefined) await repo.update(this.d.db, auth.accountId, existing.id, { expires_at: expiresAt });
        if (input.showName !== undefined) await repo.update(this.d.db, auth.accountId, existing.id, { show_name: showName });
        return this.toDto((await repo.getOwned(this.d.db, auth.accountId, existing.id))!);
      }
    }
    const id = newId();
    const nonce = LinkKey.newNonce();
    const row = {
      id,
      account_id: auth.accountId,
      token_hash: hashToken(this.d.key.tokenOf(id, nonce)),
      nonce,
      album_id: input.isAlbum && !entityKind ? ids[0]! : null,
      entity_kind: entityKind ?? null,
      entity_id: entityKind ? ids[0]! : null,
      show_name: showName,
      name,
      name_key: nameKey(name),
      item_set: itemSet,
      password_hash: password === null ? null : await hashPassword(password),
      expires_at: expiresAt,
      created_at: now(),
    };
    await this.d.db.transaction().execute((trx) => repo.insertLink(trx, row, input.isAlbum ? [] : ids));
    return this.toDto({ ...row, show_name: showName });
  }

  async list(auth: AuthContext, q: PublicShareListQueryValue): Promise<{ items: PublicShareDto[]; totalCount: number }> {
    const size = q.size ?? 50;
    const column = repo.LINK_SORT[q.sortBy ?? 'createdDate'];
    const order = (q.sortOrder ?? 'DESC') === 'ASC' ? 'asc' : 'desc';
    const [rows, totalCount] = await Promise.all([
      repo.listOwned(this.d.db, auth.accountId, column, order, { limit: size, offset: (q.page ?? 0) * size }),
      repo.countOwned(this.d.db, auth.accountId),
    ]);
    return { items: await Promise.all(rows.map((r) => this.toDto(r))), totalCount };
  }

  async updateExpiration(auth: AuthContext, id: string, date: string | null): Promise<PublicShareDto> {
    await repo.update(this.d.db, auth.accountId, id, { expires_at: expiryOf(date) });
    return this.ownedDto(auth, id);
  }

  async updatePassword(auth: AuthContext, id: string, password: string | null): Promise<PublicShareDto> {
    // A new password (or none) ends every unlock proof given for the old one: the proof is bound to the hash.
    await repo.update(this.d.db, auth.accountId, id, { password_hash: password === null ? null : await hashPassword(password) });
    return this.ownedDto(auth, id);
  }

  async updateShowName(auth: AuthContext, id: string, showName: boolean): Promise<PublicShareDto> {
    await repo.update(this.d.db, auth.accountId, id, { show_name: showName ? 1 : 0 });
    return this.ownedDto(auth, id);
  }

  /**
   * A person merged into another (people module, in the merge's transaction): the merged person's links follow the
   * survivor, so a link given out keeps working and shows the survivor's photos.
   */
  async followMerge(trx: Executor, accountId: string, from: string, into: string): Promise<void> {
    await repo.moveEntityLinks(trx, accountId, 'person', from, into);
  }

  async remove(auth: AuthContext, ids: readonly string[]): Promise<void> {
    await repo.deleteOwned(this.d.db, auth.accountId, ids);
  }

  private async ownedDto(auth: AuthContext, id: string): Promise<PublicShareDto> {
    const row = await repo.getOwned(this.d.db, auth.accountId, id);
    if (!row) throw NotFound('Link not found.');
    return this.toDto(row);
  }

  private async toDto(row: ShareLinkRow): Promise<PublicShareDto> {
    const entity = entityOf(row);
    const current = entity ? await this.entityAlbum(entity.kind, row.account_id, entity.id) : null;
    const [items, itemCount, fileUuidList] = entity
      ? await this.entityPreview(entity.kind, row.account_id, entity.id, current)
      : await Promise.all([
          repo.previewItems(this.d.db, row, PREVIEW_ITEMS),
          repo.countIn(this.d.db, { kind: 'root', link: row }),
          row.album_id !== null ? [row.album_id] : repo.namedIds(this.d.db, row.id),
        ]);
    const token = this.d.key.tokenOf(row.id, row.nonce);
    return {
      uuid: row.id,
      // A live person or place link opens on its own page; files and albums on the shared-files page.
      url: entity ? `/sharedAlbum?token=${token}` : `/sharedFiles?token=${token}`,
      isAlbum: row.album_id !== null || entity !== null,
      contentType: contentTypeOf(row),
      showName: Number(row.show_name) === 1,
      fileUuidList,
      // The owner sees the name as it is now (a renamed person keeps the link).
      name: current?.label ?? row.name,
      itemCount,
      items: items.map((f) => {
        const { thumbnailUrl, smallThumbnailUrl } = this.d.links.urls(f);
        return { uuid: f.id, name: f.name, folder: f.is_folder === 1, contentType: f.content_type, thumbnailUrl, smallThumbnailUrl };
      }),
      expirationDate: iso(row.expires_at),
      hasPassword: row.password_hash !== null,
      createdDate: iso(row.created_at)!,
      expired: isExpired(row, now()),
    };
  }

  /** The entity behind a live link as its module shows it to its owner now; null when gone or not shown. */
  private async entityAlbum(kind: LinkEntityKind, accountId: string, id: string, language?: Language): Promise<StreamAlbum | null> {
    const provider = this.d.streams.get(ENTITY_STREAM[kind]);
    return provider ? provider.album(accountId, id, language) : null;
  }

  /** A page of an entity's live photos, newest taken first, as its module lists them now. */
  private async entityPhotos(kind: LinkEntityKind, accountId: string, id: string, page: number, size: number, sortOrder: 'ASC' | 'DESC' = 'DESC') {
    const provider = this.d.streams.get(ENTITY_STREAM[kind]);
    if (!provider) return { rows: [] as FileRow[], total: 0 };
    const { ids, total } = await provider.fileIds(accountId, id, { page, size, sortOrder });
    return { rows: await files.getInOrder(this.d.db, accountId, ids), total };
  }

  /** Every live photo id of the entity (for "download all" and "save all"), at most as many as one save copies. */
  private async entityPhotoIds(kind: LinkEntityKind, accountId: string, id: string): Promise<string[]> {
    const provider = this.d.streams.get(ENTITY_STREAM[kind]);
    return provider ? (await provider.fileIds(accountId, id, { page: 0, size: MAX_SAVE_ITEMS, sortOrder: 'DESC' })).ids : [];
  }

  private async entityPreview(kind: LinkEntityKind, accountId: string, id: string, current: StreamAlbum | null): Promise<[FileRow[], number, string[]]> {
    if (!current) return [[], 0, [id]];
    const { rows, total } = await this.entityPhotos(kind, accountId, id, 0, PREVIEW_ITEMS);
    return [rows, total, [id]];
  }

  // --- the visitor's calls

  /** The link behind a token, live and unlocked; anything else is the one not-found answer (or 403 for a password). */
  async open(headers: Pick<VisitorHeadersValue, 'x-share-token' | 'x-share-unlock'>, language?: Language): Promise<OpenLink> {
    const link = await this.find(headers['x-share-token'], language);
    if (link.row.password_hash !== null && !this.d.key.checkUnlock(headers['x-share-unlock'], link.row.id, link.row.password_hash, now())) {
      throw PasswordRequired();
    }
    return link;
  }

  async unlock(token: string, password: string): Promise<{ unlock: string }> {
    const { row } = await this.find(token);
    if (row.password_hash !== null && !(await verifyPassword(row.password_hash, password))) {
      throw Forbidden('Wrong password.', 'SHARE_PASSWORD_INVALID');
    }
    return { unlock: this.d.key.unlockProof(row.id, row.password_hash ?? '', now() + UNLOCK_TTL_MS) };
  }

  /** `language`: the visitor's, for a place's name (named in each language). */
  private async find(token: string, language?: Language): Promise<OpenLink> {
    const row = await repo.getByTokenHash(this.d.db, hashToken(token));
    if (!row || isExpired(row, now())) throw LinkGone();
    const entityRef = entityOf(row);
    let entity: StreamAlbum | null = null;
    if (entityRef) {
      // Hidden, trashed, merged away without a survivor, or no longer shown (premium ended): gone, like a revoked link.
      entity = await this.entityAlbum(entityRef.kind, row.account_id, entityRef.id, language);
      if (!entity || entity.status !== 'ACTIVE') throw LinkGone();
    } else if (row.album_id !== null) {
      const album = await repo.albumOf(this.d.db, row.account_id, row.album_id);
      if (!album || album.status === 'TRASHED') throw LinkGone();
    } else if (!(await repo.hasLiveItem(this.d.db, row))) {
      // Everything it named is trashed or deleted: the link is as gone as a revoked one.
      throw LinkGone();
    }
    const owner = await accounts.getById(this.d.db, row.account_id);
    // A suspended owner's links answer exactly like unknown ones (issue 27); they come back with the account.
    if (!owner || owner.suspended_at !== null) throw LinkGone();
    return { row, owner: { accountId: owner.id, projectId: owner.project_id, name: `${owner.name} ${owner.surname}`.trim() }, entity };
  }

  /** The name the visitor may see: the entity's current one, or none when the owner keeps it to themselves. */
  private visitorName(link: OpenLink): string {
    if (Number(link.row.show_name) !== 1) return '';
    return link.entity?.label ?? link.row.name;
  }

  async describe(link: OpenLink) {
    const { row, owner } = link;
    const entity = entityOf(row);
    const root = entity ? null : await this.scopeOf(link, undefined);
    return {
      name: this.visitorName(link),
      nameShown: Number(row.show_name) === 1,
      contentType: contentTypeOf(row),
      isAlbum: row.album_id !== null || entity !== null,
      isFolder: root?.kind === 'folder',
      itemCount: entity ? (await this.entityPhotos(entity.kind, owner.accountId, entity.id, 0, 1)).total : await repo.countIn(this.d.db, root!),
      ownerName: owner.name,
      expirationDate: iso(row.expires_at),
      hasPassword: row.password_hash !== null,
      createdDate: iso(row.created_at)!,
    };
  }

  async count(link: OpenLink, parent: string | undefined): Promise<{ count: number }> {
    const entity = entityOf(link.row);
    if (entity) {
      if (parent) throw NotFound('Folder not found.');
      return { count: (await this.entityPhotos(entity.kind, link.owner.accountId, entity.id, 0, 1)).total };
    }
    return { count: await repo.countIn(this.d.db, await this.scopeOf(link, parent)) };
  }

  async files(link: OpenLink, q: SharedFilesQueryValue) {
    const entity = entityOf(link.row);
    if (entity) {
      if (q.parentFolderUuid) throw NotFound('Folder not found.');
      // A person's or place's photos by the date they were taken, as on its page (the order is the only one offered).
      const size = q.size ?? 50;
      const { rows, total } = await this.entityPhotos(entity.kind, link.owner.accountId, entity.id, q.page ?? 0, size, q.sortOrder ?? 'DESC');
      return { fileList: rows.map((r) => this.visitorItem(link, r)), totalCount: total, folder: null, path: [] };
    }
    const scope = await this.scopeOf(link, q.parentFolderUuid);
    const size = q.size ?? 50;
    const order = (q.sortOrder ?? 'ASC') === 'ASC' ? 'asc' : 'desc';
    const [rows, totalCount] = await Promise.all([
      repo.listIn(this.d.db, scope, repo.FILE_SORT[q.sortBy ?? 'name'], order, { limit: size, offset: (q.page ?? 0) * size }),
      repo.countIn(this.d.db, scope),
    ]);
    const path =
      scope.kind === 'folder' ? (await repo.crumbs(this.d.db, scope.accountId, link.row.id, scope.folderId, MAX_CRUMBS)).reverse() : [];
    return { fileList: rows.map((r) => this.visitorItem(link, r)), totalCount, folder: path.at(-1) ?? null, path };
  }

  /** The files module's item as a visitor sees it: the owner's location, favourites and hiding stay private. */
  private visitorItem(link: OpenLink, row: FileRow): FileItemDto {
    return { ...toFileItem(row, link.owner.projectId, this.d.links), favourite: false, latitude: null, longitude: null };
  }

  /**
   * The link's root, or a folder the link reaches (never one above a shared folder, never in an album link). A link
   * to one folder has that folder's content as its root: the visitor lands inside it.
   */
  private async scopeOf(link: OpenLink, parent: string | undefined): Promise<repo.Scope> {
    if (!parent) {
      const folderId = link.row.album_id === null ? await repo.soleFolder(this.d.db, link.row) : null;
      return folderId ? { kind: 'folder', accountId: link.owner.accountId, folderId } : { kind: 'root', link: link.row };
    }
    if (link.row.album_id !== null) throw NotFound('Folder not found.');
    await this.d.access.requireLinkAccess(grantOf(link.row), [parent]);
    if (!(await files.getActiveFolder(this.d.db, link.owner.accountId, parent))) throw NotFound('Folder not found.');
    return { kind: 'folder', accountId: link.owner.accountId, folderId: parent };
  }

  /** The chosen items (all of the link when none are named), checked against the link. */
  private async chosen(link: OpenLink, uuids: readonly string[] | undefined): Promise<string[]> {
    if (!uuids?.length) {
      const entity = entityOf(link.row);
      const all = entity
        ? await this.entityPhotoIds(entity.kind, link.owner.accountId, entity.id)
        : await repo.rootIds(this.d.db, link.row);
      if (all.length === 0) throw NotFound('File not found.');
      return all;
    }
    const ids = [...new Set(uuids)];
    await this.d.access.requireLinkAccess(grantOf(link.row), ids);
    return ids;
  }

  async download(link: OpenLink, uuids: readonly string[]): Promise<{ url: string; fileName: string }> {
    const ids = await this.chosen(link, uuids);
    const { accountId, projectId } = link.owner;
    if (ids.length === 1) {
      const row = await files.getById(this.d.db, accountId, ids[0]!);
      if (!row) throw NotFound('File not found.');
      if (row.is_folder === 0) {
        const [signed] = await this.d.downloads.createUrls({ accountId, projectId }, [{ projectId, uuid: row.id }]);
        return { url: signed!.url, fileName: row.name };
      }
      return this.zip(link, ids, row.name);
    }
    return this.zip(link, ids, this.visitorName(link) || UNNAMED_ZIP);
  }

  private async zip(link: OpenLink, ids: readonly string[], label: string) {
    const url = await this.d.downloads.createZip({ accountId: link.owner.accountId }, ids, label);
    return { url, fileName: `${label}.zip` };
  }

  /**
   * Copies the chosen items (folders with their live content) into the caller's storage: new rows that share the
   * original's blobs, so nothing is re-uploaded; the purge keeps a blob while any row names it, so the copy outlives
   * the original. Quota is checked and charged in the same transaction as the rows.
   */
  async save(auth: AuthContext, link: OpenLink, input: SaveSharedInput): Promise<{ savedCount: number; folderUuid: string | null }> {
    assertWritable(auth);
    const ids = await this.chosen(link, input.uuids);
    const target = input.targetFolderUuid ?? ROOT;
    if (target !== ROOT && !(await files.getActiveFolder(this.d.db, auth.accountId, target))) throw NotFound('Folder not found.');
    const at = now();
    const saved = await this.d.db.transaction().execute(async (trx) => {
      // Read inside the transaction: rows deleted meanwhile are not copied, so no copy names a blob already purged.
      const tree = await repo.subtreeRows(trx, link.owner.accountId, ids, MAX_SAVE_ITEMS + 1);
      const rows = [...new Map(tree.map((r) => [r.id, r])).values()];
      if (rows.length > MAX_SAVE_ITEMS) throw TooManyToSave();
      if (rows.length === 0) throw NotFound('File not found.');
      const bytes = rows.reduce((sum, r) => sum + (r.is_folder === 1 ? 0 : Number(r.bytes)), 0);
      if (bytes > 0) {
        if (!(await accountQuota.reserveQuota(trx, auth.accountId, bytes))) throw QuotaExceeded();
        await accountQuota.commitQuota(trx, auth.accountId, bytes, bytes);
      }
      const copies = new Map<string, string>();
      const roots: Array<{ id: string; name: string; is_folder: number }> = [];
      for (const row of rows) {
        const parent = copies.get(row.parent_id);
        const id = newId();
        copies.set(row.id, id);
        // Items at the top of the copy get a free name in the target; names inside copied folders are already unique.
        const name = parent ? row.name : await files.freeNameInFolder(trx, auth.accountId, target, row.name, row.is_folder === 1);
        const { depth: _depth, ...copy } = row;
        await files.insertFile(trx, {
          ...copy,
          id,
          account_id: auth.accountId,
          parent_id: parent ?? target,
          name,
          name_key: nameKey(name),
          favourite: 0,
          hidden: 0,
          status: 'ACTIVE',
          trashed_at: null,
          trash_root_id: null,
          created_at: at,
        });
        if (copy.media_status === 'PENDING') await this.d.jobs.enqueue(trx, MEDIA_PROCESS_JOB, { fileId: id }, { fairKey: auth.accountId });
        if (!parent) roots.push({ id, name, is_folder: row.is_folder });
      }
      await files.recordActivity(trx, auth.accountId, roots, 'UPLOADED');
      return rows.length;
    });
    return { savedCount: saved, folderUuid: target === ROOT ? null : target };
  }
}
