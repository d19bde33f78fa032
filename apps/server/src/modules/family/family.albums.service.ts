import type { Kysely } from 'kysely';
import type { DB } from '../../infra/db/schema.js';
import type { AuthContext } from '../../shared/auth-context.js';
import { Forbidden, NotFound, ValidationError } from '../../shared/errors.js';
import { timeOrderedId } from '../../shared/ids.js';
import { refuseInvisible } from '../../shared/names.js';
import { toFileItem, type DerivativeLinks, type FileRow } from '../files/files.public.js';
import * as albums from './family.albums.repository.js';
import {
  MAX_ALBUM_NAME,
  MAX_FAMILY_ALBUMS,
  type CreateAlbumBodyValue,
  type FamilyAlbumDto,
  type UpdateAlbumBodyValue,
} from './family.albums.schemas.js';
import { notInFamily } from './family.library.service.js';
import * as library from './family.library.repository.js';
import { cursorOf, MAX_LIBRARY_PAGE, parseCursor } from './family.library.schemas.js';
import * as repo from './family.repository.js';
import { iso } from './family.schemas.js';

type Auth = Pick<AuthContext, 'accountId'>;
type Member = NonNullable<Awaited<ReturnType<typeof repo.getMember>>>;
type Adders = Map<string, { project_id: string; name: string }>;

export interface FamilyAlbumsDeps {
  db: Kysely<DB>;
  links: DerivativeLinks;
  clock?: () => number;
}

const fullName = (a: { name: string | null; surname: string | null }) => [a.name, a.surname].filter(Boolean).join(' ');
const albumNotFound = () => NotFound('Album not found.');
const notInLibrary = (field: string) => ValidationError('Only photos and videos in the family library can go into a family album.', field);

/** An album name as a person typed it: trimmed, 1–255 characters, nothing invisible. */
function validateAlbumName(raw: string, field: string): string {
  const name = raw.normalize('NFC').trim();
  if (name.length === 0) throw ValidationError('Album name must not be empty.', field);
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(name)) throw ValidationError('Album name must not contain control characters.', field);
  refuseInvisible(name, field, 'Album name');
  if ([...name].length > MAX_ALBUM_NAME) throw ValidationError(`Album name must be at most ${MAX_ALBUM_NAME} characters.`, field);
  return name;
}

/**
 * Albums of the family library (issue 35): any member makes one, adds the library's items, removes them and renames it;
 * its creator or the family admin deletes it (its photos stay in the library). An item counts only while it is in the
 * library as members see it, read live; see docs/decisions.md.
 */
export class FamilyAlbumsService {
  private readonly now: () => number;
  constructor(private readonly d: FamilyAlbumsDeps) {
    this.now = d.clock ?? Date.now;
  }

  async list(auth: Auth) {
    const member = await this.member(auth);
    const rows = await albums.listAlbums(this.d.db, member.family_id, MAX_FAMILY_ALBUMS);
    return { albums: await this.present(auth, member, rows) };
  }

  async get(auth: Auth, albumId: string) {
    const { member } = await this.album(auth, albumId);
    return this.one(auth, member, albumId);
  }

  async create(auth: Auth, body: CreateAlbumBodyValue) {
    const member = await this.member(auth);
    const name = validateAlbumName(body.name, 'name');
    const ids = [...new Set(body.uuids ?? [])];
    await this.requireInLibrary(member, ids);
    const { id, at } = timeOrderedId();
    await this.d.db.transaction().execute(async (trx) => {
      await albums.createAlbum(trx, { id, family_id: member.family_id, name, created_by: auth.accountId, at });
      await albums.addItems(trx, id, ids, auth.accountId, at);
    });
    return this.one(auth, member, id);
  }

  async update(auth: Auth, albumId: string, body: UpdateAlbumBodyValue) {
    const { member } = await this.album(auth, albumId);
    const name = body.name === undefined ? undefined : validateAlbumName(body.name, 'name');
    if (body.coverFileId) {
      const ok = await albums.countedInAlbum(this.d.db, member.family_id, albumId, [body.coverFileId]);
      if (ok.length === 0) throw ValidationError('The cover must be a photo of this album.', 'coverFileId');
    }
    await albums.updateAlbum(this.d.db, albumId, {
      ...(name === undefined ? {} : { name }),
      ...(body.coverFileId === undefined ? {} : { cover_file_id: body.coverFileId }),
      modified_at: this.now(),
    });
    return this.one(auth, member, albumId);
  }

  /** The album's creator or the family admin; its photos stay in the library. */
  async delete(auth: Auth, albumId: string) {
    const { member, album } = await this.album(auth, albumId);
    if (album.created_by !== auth.accountId && member.role !== 'ADMIN') {
      throw Forbidden('Only the person who made an album, or the family admin, can delete it.', 'NOT_ALBUM_CREATOR');
    }
    await albums.deleteAlbum(this.d.db, albumId);
    return { ok: true };
  }

  async addItems(auth: Auth, albumId: string, uuids: readonly string[]) {
    const { member } = await this.album(auth, albumId);
    const ids = [...new Set(uuids)];
    await this.requireInLibrary(member, ids);
    const at = this.now();
    await this.d.db.transaction().execute(async (trx) => {
      // Rows of items that left the library go first: adding one back makes it a fresh member of the album.
      await albums.pruneStale(trx, member.family_id, albumId);
      await albums.addItems(trx, albumId, ids, auth.accountId, at);
      await albums.updateAlbum(trx, albumId, { modified_at: at });
    });
    return this.one(auth, member, albumId);
  }

  /** Any member takes items out of an album (the photos stay in the library); ids not in it are ignored. */
  async removeItems(auth: Auth, albumId: string, uuids: readonly string[]) {
    const { member } = await this.album(auth, albumId);
    const ids = [...new Set(uuids)];
    const at = this.now();
    return this.d.db.transaction().execute(async (trx) => {
      const removed = await albums.removeItems(trx, albumId, ids);
      await albums.pruneStale(trx, member.family_id, albumId);
      if (removed > 0) await albums.updateAlbum(trx, albumId, { modified_at: at });
      return { removed };
    });
  }

  async items(auth: Auth, albumId: string, q: { limit?: number; after?: string }) {
    const { member } = await this.album(auth, albumId);
    const limit = q.limit ?? MAX_LIBRARY_PAGE;
    const adders = await this.adders(member);
    const rows = await albums.listItems(this.d.db, member.family_id, albumId, limit + 1, q.after === undefined ? undefined : parseCursor(q.after));
    const page = rows.slice(0, limit);
    const last = page.at(-1);
    return {
      items: page.map((r) => {
        const adder = adders.get(r.account_id);
        return {
          file: toFileItem(r, adder?.project_id ?? '', this.d.links),
          addedBy: { accountId: r.account_id, name: adder?.name ?? '' },
          mine: r.account_id === auth.accountId,
        };
      }),
      next: rows.length > limit && last ? cursorOf(Number(last.taken_at), last.id) : null,
    };
  }

  /** The schedule: album rows whose items left the library, in every family with albums. */
  async pruneAll(): Promise<number> {
    let n = 0;
    for (const { family_id } of await albums.familiesWithAlbums(this.d.db, 10_000)) {
      n += await this.d.db.transaction().execute((trx) => albums.pruneStale(trx, family_id));
    }
    return n;
  }

  private async one(auth: Auth, member: Member, albumId: string): Promise<FamilyAlbumDto> {
    const rows = await albums.listAlbums(this.d.db, member.family_id, 1, albumId);
    if (rows.length === 0) throw albumNotFound();
    return (await this.present(auth, member, rows))[0]!;
  }

  private async present(auth: Auth, member: Member, rows: albums.AlbumListRow[]): Promise<FamilyAlbumDto[]> {
    const coverIds = rows.map((r) => r.cover_id).filter((id): id is string => typeof id === 'string');
    const covers = new Map<string, FileRow>((await albums.filesById(this.d.db, coverIds)).map((f) => [f.id, f]));
    const adders = coverIds.length > 0 ? await this.adders(member) : new Map() as Adders;
    return rows.map((r) => {
      const cover = r.cover_id ? covers.get(r.cover_id) : undefined;
      const creatorName = fullName({ name: r.creator_name, surname: r.creator_surname });
      return {
        id: r.id,
        name: r.name,
        itemCount: Number(r.item_count ?? 0),
        cover: cover ? toFileItem(cover, adders.get(cover.account_id)?.project_id ?? '', this.d.links) : null,
        coverFileId: r.cover_file_id,
        createdBy: { accountId: r.created_by, name: creatorName || null },
        createdAt: iso(Number(r.created_at)),
        modifiedAt: iso(Number(r.modified_at)),
        canDelete: r.created_by === auth.accountId || member.role === 'ADMIN',
      };
    });
  }

  private async adders(member: Member): Promise<Adders> {
    return new Map((await library.adders(this.d.db, member.family_id)).map((a) => [a.account_id, { project_id: a.project_id, name: fullName(a) }]));
  }

  private async requireInLibrary(member: Member, ids: readonly string[]): Promise<void> {
    const found = await albums.inLibrary(this.d.db, member.family_id, ids);
    if (found.length !== ids.length) throw notInLibrary('uuids');
  }

  private async member(auth: Auth): Promise<Member> {
    const member = await repo.getMember(this.d.db, auth.accountId);
    if (!member) throw notInFamily();
    return member;
  }

  /** The caller's membership and the album, which must be their family's (the access policy checked it too). */
  private async album(auth: Auth, albumId: string) {
    const member = await this.member(auth);
    const album = await albums.getAlbum(this.d.db, albumId);
    if (!album || album.family_id !== member.family_id) throw albumNotFound();
    return { member, album };
  }
}
