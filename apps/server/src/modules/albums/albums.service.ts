import type { Kysely } from 'kysely';
import type { DB } from '../../infra/db/schema.js';
import type { Executor } from '../../infra/db/executor.js';
import { assertWritable } from '../../shared/access.js';
import { BadRequest, NotFound, ValidationError } from '../../shared/errors.js';
import { nameKey, refuseInvisible } from '../../shared/names.js';
import { newId } from '../../shared/tokens.js';
import { now } from '../../shared/time.js';
import type { AuthContext } from '../../shared/auth-context.js';
import type { Language } from '../../shared/schemas.js';
import * as files from '../files/files.public.js';
import { indexAlbums, unindex } from '../search-index/search-index.public.js';
import { toFileItem, type DerivativeLinks } from '../files/files.public.js';
import { isMedia } from '../media/media.public.js';
import * as repo from './albums.repository.js';
import {
  ALBUM_PAGE_SIZE,
  EMPTY_STATS,
  MAX_LABEL,
  toAlbum,
  type AlbumContentsQueryValue,
  type AlbumDetailDto,
  type AlbumDto,
  type AlbumListQueryValue,
  type AlbumPageDto,
  type CreateAlbumBodyValue,
  USER_ALBUM_TYPE,
} from './albums.schemas.js';
import type { AlbumRow, AlbumStatus } from './albums.table.js';
import { AlbumStreams, isStreamContentType, type StreamAlbum, type StreamContentType } from './albums.streams.js';
import { presentAlbums, presentStreamAlbums } from './albums.presenter.js';

type Auth = Pick<AuthContext, 'accountId' | 'status' | 'projectId'>;

const AlbumNotFound = () => NotFound('Album not found.');
const FileNotFound = () => NotFound('File not found.');

/** Builds a zip download link of these files, named `name` (the download module's signed zip links). */
export interface ZipLinks {
  createZip(auth: Pick<AuthContext, 'accountId'>, uuids: readonly string[], name: string | null): Promise<string>;
}

export interface AlbumsServiceDeps {
  db: Kysely<DB>;
  /** Signs thumbnail and preview URLs into file items and covers. */
  links?: DerivativeLinks;
  zips: ZipLinks;
}

/** A label as a person typed it: trimmed, 1–255 characters, no control characters. */
export function validateLabel(raw: string, field: string): string {
  const label = raw.normalize('NFC').trim();
  if (label.length === 0) throw ValidationError('Album name must not be empty.', field);
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(label)) throw ValidationError('Album name must not contain control characters.', field);
  refuseInvisible(label, field, 'Album name');
  if ([...label].length > MAX_LABEL) throw ValidationError(`Album name must be at most ${MAX_LABEL} characters.`, field);
  return label;
}

export class AlbumsService {
  private readonly db: Kysely<DB>;
  private readonly links: DerivativeLinks | null;
  private readonly zips: ZipLinks;
  /** People, places and things as albums: their modules register here when they are built. */
  readonly streams = new AlbumStreams();

  constructor(deps: AlbumsServiceDeps) {
    this.db = deps.db;
    this.links = deps.links ?? null;
    this.zips = deps.zips;
  }

  // --- reading

  /** The album items of ids found elsewhere (search results), in no particular order; unknown ids are left out. */
  async itemsByIds(accountId: string, ids: readonly string[]): Promise<AlbumDto[]> {
    if (ids.length === 0) return [];
    return this.present(this.db, accountId, await repo.getMany(this.db, accountId, ids));
  }

  /** The album items of entities of a stream found elsewhere (search results), in the order asked; unknown ids are left out. */
  async streamItemsByIds(accountId: string, contentType: StreamContentType, ids: readonly string[], language?: Language): Promise<AlbumDto[]> {
    const provider = this.streams.get(contentType);
    if (!provider || ids.length === 0) return [];
    const found = await Promise.all([...new Set(ids)].map((id) => provider.album(accountId, id, language)));
    return this.presentStream(accountId, contentType, found.filter((a): a is StreamAlbum => a !== null));
  }

  /** `language`: the reader's, for the labels of places (named in each language); user albums keep their own. */
  async list(auth: Auth, q: AlbumListQueryValue, language?: Language): Promise<AlbumPageDto> {
    const page = q.page ?? 0;
    const size = q.size ?? ALBUM_PAGE_SIZE;
    if (isStreamContentType(q.contentType)) return this.listStream(auth, q.contentType, q, page, size, language);
    if (q.infoId !== undefined) {
      // The access policy let only the caller's album through; it is answered whatever its status.
      const album = await this.require(this.db, auth.accountId, q.infoId);
      const rows = album.content_type === (q.contentType ?? 'album/photo') && page === 0 ? [album] : [];
      return { albumList: await this.present(this.db, auth.accountId, rows), page, size, hasMore: false };
    }
    const rows = await repo.listPage(this.db, auth.accountId, {
      contentType: q.contentType ?? 'album/photo',
      status: q.status ?? 'ACTIVE',
      column: repo.KEY_COLUMN[q.sortBy ?? 'lastModifiedDate'],
      // Newest first unless asked otherwise, as the client's default call.
      desc: q.sortOrder !== 'ASC',
      offset: page * size,
      limit: size + 1,
    });
    return { albumList: await this.present(this.db, auth.accountId, rows.slice(0, size)), page, size, hasMore: rows.length > size };
  }

  /** The album and a page of its live photos by photo date; hidden and trashed albums can be opened too. */
  async get(auth: Auth, uuid: string, q: AlbumContentsQueryValue, language?: Language): Promise<AlbumDetailDto> {
    const page = q.page ?? 0;
    const size = q.size ?? ALBUM_PAGE_SIZE;
    if (isStreamContentType(q.contentType)) return this.getStream(auth, q.contentType, uuid, q, page, size, language);
    const album = await this.require(this.db, auth.accountId, uuid);
    const [presented, ids] = await Promise.all([
      this.presentOne(this.db, auth.accountId, album),
      repo.listMemberIds(this.db, auth.accountId, uuid, { desc: q.sortOrder !== 'ASC', offset: page * size, limit: size + 1 }),
    ]);
    const members = await files.getInOrder(this.db, auth.accountId, ids.slice(0, size));
    return {
      album: presented,
      fileList: members.map((r) => toFileItem(r, auth.projectId, this.links)),
      page,
      size,
      hasMore: ids.length > size,
    };
  }

  /** A stream's entities as an album page: one entity for `infoId`, else the caller's entities of that status. */
  private async listStream(
    auth: Auth,
    contentType: StreamContentType,
    q: AlbumListQueryValue,
    page: number,
    size: number,
    language: Language | undefined,
  ): Promise<AlbumPageDto> {
    const provider = this.streams.get(contentType);
    if (q.infoId !== undefined) {
      const one = provider ? await provider.album(auth.accountId, q.infoId, language) : null;
      if (!one) throw AlbumNotFound();
      return { albumList: page === 0 ? await this.presentStream(auth.accountId, contentType, [one]) : [], page, size, hasMore: false };
    }
    if (!provider) return { albumList: [], page, size, hasMore: false };
    const { albums, total } = await provider.list(auth.accountId, { status: q.status ?? 'ACTIVE', page, size, language });
    return {
      albumList: await this.presentStream(auth.accountId, contentType, albums.slice(0, size)),
      page,
      size,
      hasMore: (page + 1) * size < total,
    };
  }

  /** A person, place or thing with a page of its live photos, as an album and its contents. */
  private async getStream(
    auth: Auth,
    contentType: StreamContentType,
    id: string,
    q: AlbumContentsQueryValue,
    page: number,
    size: number,
    language: Language | undefined,
  ): Promise<AlbumDetailDto> {
    const provider = this.streams.get(contentType);
    const entity = provider ? await provider.album(auth.accountId, id, language) : null;
    if (!provider || !entity) throw AlbumNotFound();
    const [[album], { ids, total }] = await Promise.all([
      this.presentStream(auth.accountId, contentType, [entity]),
      provider.fileIds(auth.accountId, id, { page, size, sortOrder: q.sortOrder ?? 'DESC' }),
    ]);
    const members = await files.getInOrder(this.db, auth.accountId, ids.slice(0, size));
    return {
      album: album!,
      fileList: members.map((r) => toFileItem(r, auth.projectId, this.links)),
      page,
      size,
      hasMore: (page + 1) * size < total,
    };
  }

  /** Entities as album items: the album shape, with the stream's icon and the cover the provider chose. */
  private presentStream(accountId: string, contentType: StreamContentType, entities: readonly StreamAlbum[]): Promise<AlbumDto[]> {
    return presentStreamAlbums(this.db, accountId, contentType, entities, this.links);
  }

  // --- single-album changes

  async create(auth: Auth, body: CreateAlbumBodyValue): Promise<AlbumDto> {
    assertWritable(auth);
    const label = validateLabel(body.label, 'label');
    const at = now();
    const row: AlbumRow = {
      id: newId(),
      account_id: auth.accountId,
      label,
      label_key: nameKey(label),
      content_type: body.contentType,
      icon: body.icon,
      status: 'ACTIVE',
      cover_file_id: null,
      created_at: at,
      last_modified_at: at,
    };
    await this.db.transaction().execute(async (trx) => {
      await repo.insert(trx, row);
      await indexAlbums(trx, [row]);
    });
    return toAlbum(row, EMPTY_STATS, this.links);
  }

  /**
   * An ordinary album made at once from the caller's live photos (a generated For-you album being kept): created,
   * filled and given its cover in one transaction, so a failure leaves no empty album behind.
   */
  async createWithPhotos(auth: Auth, input: { label: string; fileIds: readonly string[]; coverFileId?: string }): Promise<AlbumDto> {
    assertWritable(auth);
    const label = validateLabel(input.label, 'label');
    const unique = [...new Set(input.fileIds)];
    const at = now();
    return this.db.transaction().execute(async (trx) => {
      const found = await files.getMany(trx, auth.accountId, unique);
      const members = found.filter((f) => f.status === 'ACTIVE' && f.is_folder === 0 && isMedia(f.content_type)).map((f) => f.id);
      if (members.length === 0) throw ValidationError('None of these photos can be added to an album.', 'fileIds');
      const cover = input.coverFileId && members.includes(input.coverFileId) ? input.coverFileId : null;
      const row: AlbumRow = {
        id: newId(),
        account_id: auth.accountId,
        label,
        label_key: nameKey(label),
        content_type: USER_ALBUM_TYPE,
        // The icon the web's own album creation uses.
        icon: 'playlist-2',
        status: 'ACTIVE',
        cover_file_id: cover,
        created_at: at,
        last_modified_at: at,
      };
      await repo.insert(trx, row);
      await repo.addMembers(trx, row.id, members, at);
      await indexAlbums(trx, [row]);
      return this.presentOne(trx, auth.accountId, row);
    });
  }

  async rename(auth: Auth, uuid: string, newLabel: string): Promise<AlbumDto> {
    assertWritable(auth);
    const label = validateLabel(newLabel, 'newLabel');
    return this.change(auth, uuid, async (trx, album) => {
      if (album.label === label) return album;
      const patch = { label, label_key: nameKey(label), last_modified_at: now() };
      await repo.updateMany(trx, auth.accountId, [album.id], patch);
      await indexAlbums(trx, [{ ...album, ...patch }]);
      return { ...album, ...patch };
    });
  }

  /** Adds the caller's live photos and videos; members already in the album stay as they are. */
  async addFiles(auth: Auth, albumUuid: string, uuids: string[]): Promise<AlbumDto> {
    assertWritable(auth);
    const unique = [...new Set(uuids)];
    return this.change(auth, albumUuid, async (trx, album) => {
      const found = await files.getMany(trx, auth.accountId, unique);
      if (found.length !== unique.length || found.some((f) => f.status !== 'ACTIVE')) throw FileNotFound();
      if (found.some((f) => f.is_folder === 1 || !isMedia(f.content_type))) {
        throw ValidationError('Only photos and videos can be added to an album.', 'uuids');
      }
      const at = now();
      const added = await repo.addMembers(trx, album.id, unique, at);
      if (added === 0) return album;
      await repo.updateMany(trx, auth.accountId, [album.id], { last_modified_at: at });
      return { ...album, last_modified_at: at };
    });
  }

  /** Takes photos out of the album (the photos themselves stay); uuids that are not members are ignored. */
  async removeFiles(auth: Auth, uuid: string, uuids: string[]): Promise<AlbumDto> {
    const unique = [...new Set(uuids)];
    return this.change(auth, uuid, async (trx, album) => {
      const removed = await repo.removeMembers(trx, album.id, unique);
      if (removed === 0) return album;
      const patch = {
        last_modified_at: now(),
        // A removed cover is forgotten, so adding the photo back later does not silently restore it as the cover.
        cover_file_id: album.cover_file_id !== null && unique.includes(album.cover_file_id) ? null : album.cover_file_id,
      };
      await repo.updateMany(trx, auth.accountId, [album.id], patch);
      return { ...album, ...patch };
    });
  }

  async setCover(auth: Auth, albumUuid: string, coverPhotoUuid: string): Promise<AlbumDto> {
    assertWritable(auth);
    return this.change(auth, albumUuid, async (trx, album) => {
      if (!(await files.getById(trx, auth.accountId, coverPhotoUuid))) throw FileNotFound();
      if (!(await repo.isLiveMember(trx, auth.accountId, album.id, coverPhotoUuid))) {
        throw ValidationError('The cover must be a photo of this album.', 'coverPhotoUuid');
      }
      if (album.cover_file_id === coverPhotoUuid) return album;
      const patch = { cover_file_id: coverPhotoUuid, last_modified_at: now() };
      await repo.updateMany(trx, auth.accountId, [album.id], patch);
      return { ...album, ...patch };
    });
  }

  /** A zip link of the album's live photos, named after the album. */
  async download(auth: Auth, albumUuid: string): Promise<string> {
    const album = await this.require(this.db, auth.accountId, albumUuid);
    const ids = await repo.liveMemberIds(this.db, auth.accountId, album.id);
    if (ids.length === 0) throw BadRequest('ALBUM_EMPTY', 'The album has no photos to download.', 'albumUuid');
    return this.zips.createZip(auth, ids, album.label);
  }

  // --- bulk changes: one transaction each; any unknown uuid → 404 and nothing changes

  async setStatus(auth: Auth, uuids: string[], status: AlbumStatus): Promise<{ albumList: AlbumDto[] }> {
    const unique = [...new Set(uuids)];
    return this.db.transaction().execute(async (trx) => {
      const found = await this.requireAll(trx, auth.accountId, unique);
      await repo.updateMany(
        trx,
        auth.accountId,
        found.filter((a) => a.status !== status).map((a) => a.id),
        { status },
      );
      return { albumList: await this.present(trx, auth.accountId, found.map((a) => ({ ...a, status }))) };
    });
  }

  /** Albums gone for good; their photos stay where they are. */
  async deleteForever(auth: Auth, uuids: string[]): Promise<{ deleted: number }> {
    const unique = [...new Set(uuids)];
    return this.db.transaction().execute(async (trx) => {
      await this.requireAll(trx, auth.accountId, unique);
      await unindex(trx, 'album', unique);
      return { deleted: await repo.deleteMany(trx, auth.accountId, unique) };
    });
  }

  // --- helpers

  /** Runs one album's change in a transaction (404 unless it is the caller's) and answers with the album as it is now. */
  private async change(
    auth: Auth,
    uuid: string,
    apply: (trx: Executor, album: AlbumRow) => Promise<AlbumRow>,
  ): Promise<AlbumDto> {
    return this.db.transaction().execute(async (trx) => {
      const album = await this.require(trx, auth.accountId, uuid);
      return this.presentOne(trx, auth.accountId, await apply(trx, album));
    });
  }

  private async require(db: Executor, accountId: string, uuid: string): Promise<AlbumRow> {
    const album = await repo.getById(db, accountId, uuid);
    if (!album) throw AlbumNotFound();
    return album;
  }

  /** The caller's albums in the order asked; 404 if any is missing or someone else's. */
  private async requireAll(db: Executor, accountId: string, ids: string[]): Promise<AlbumRow[]> {
    const found = new Map((await repo.getMany(db, accountId, ids)).map((a) => [a.id, a]));
    if (found.size !== ids.length) throw AlbumNotFound();
    return ids.map((id) => found.get(id)!);
  }

  private async presentOne(db: Executor, accountId: string, row: AlbumRow): Promise<AlbumDto> {
    return (await this.present(db, accountId, [row]))[0]!;
  }

  /** Albums with their counts and covers: three queries for a whole page, however many albums and members. */
  private present(db: Executor, accountId: string, rows: readonly AlbumRow[]): Promise<AlbumDto[]> {
    return presentAlbums(db, accountId, rows, this.links);
  }
}
