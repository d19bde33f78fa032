import type { Executor } from '../../infra/db/executor.js';
import type { Language } from '../../shared/schemas.js';
import type { AlbumStreamProvider, StreamAlbum } from '../albums/albums.public.js';
import * as photos from './places.linked-photos.repository.js';

/** An entity as its stream shows it: its display label and when it appeared (null: when its newest photo was taken). */
export interface StreamEntity {
  id: string;
  label: string;
  at: number | null;
}

/**
 * The album stream of linked entities (places, things): no hidden or trashed state, listed by live photo count, each
 * with its live counts and newest photo as cover. `entities` reads the account's rows of the given ids, labelled in
 * the reader's language where the entity has names in several.
 */
export function linkedStream(
  db: Executor,
  link: photos.PhotoLink,
  entities: (accountId: string, ids: readonly string[], language: Language | undefined) => Promise<StreamEntity[]>,
): AlbumStreamProvider {
  const toAlbums = async (accountId: string, rows: StreamEntity[]): Promise<StreamAlbum[]> => {
    const ids = rows.map((r) => r.id);
    const [counts, covers] = await Promise.all([photos.countsOf(db, link, accountId, ids), photos.coversOf(db, link, ids)]);
    return rows.map((r) => {
      const c = counts.get(r.id);
      const cover = covers.get(r.id);
      const at = r.at ?? Number(cover?.taken_at ?? 0);
      return {
        id: r.id,
        label: r.label,
        status: 'ACTIVE',
        coverFileId: cover?.id ?? null,
        imageCount: c?.imageCount ?? 0,
        videoCount: c?.videoCount ?? 0,
        createdAt: at,
        modifiedAt: at,
      };
    });
  };
  return {
    album: async (accountId, id, language) => {
      const rows = await entities(accountId, [id], language);
      return rows.length === 0 ? null : (await toAlbums(accountId, rows))[0]!;
    },
    list: async (accountId, q) => {
      if (q.status !== 'ACTIVE') return { albums: [], total: 0 };
      const { rows, total } = await photos.pageByCount(db, link, accountId, q.page, q.size);
      const byId = new Map((await entities(accountId, rows.map((r) => r.id), q.language)).map((e) => [e.id, e]));
      return { albums: await toAlbums(accountId, rows.flatMap((r) => byId.get(r.id) ?? [])), total };
    },
    fileIds: (accountId, id, q) => photos.photoIds(db, link, accountId, id, q),
    shown: (id) => photos.hasLivePhoto(link, id),
  };
}
