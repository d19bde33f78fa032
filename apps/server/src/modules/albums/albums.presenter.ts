import type { Executor } from '../../infra/db/executor.js';
import * as files from '../files/files.public.js';
import type { DerivativeLinks } from '../files/files.public.js';
import * as repo from './albums.repository.js';
import { EMPTY_STATS, toAlbum, type AlbumDto, type AlbumStats } from './albums.schemas.js';
import type { AlbumRow } from './albums.table.js';
import { STREAM_ICON, type StreamAlbum, type StreamContentType } from './albums.streams.js';

/** Albums with their counts and covers: three queries for a whole page, however many albums and members. */
export async function presentAlbums(
  db: Executor,
  accountId: string,
  rows: readonly AlbumRow[],
  links: DerivativeLinks | null,
): Promise<AlbumDto[]> {
  const chosen = rows.flatMap((r) => (r.cover_file_id === null ? [] : [{ albumId: r.id, fileId: r.cover_file_id }]));
  const [stats, live] = await Promise.all([
    repo.stats(
      db,
      rows.map((r) => r.id),
    ),
    repo.liveChosenCovers(db, chosen),
  ]);
  // The IN lists match across pairs; only an album's own choice counts.
  const liveChoice = new Set(live.map((m) => `${m.album_id}/${m.file_id}`));
  const coverOf = (r: AlbumRow, newest: string | undefined) =>
    r.cover_file_id !== null && liveChoice.has(`${r.id}/${r.cover_file_id}`) ? r.cover_file_id : (newest ?? null);
  const statsOf = new Map(stats.map((s) => [s.album_id, s]));
  const coverIds = rows.map((r) => coverOf(r, statsOf.get(r.id)?.newest_id)).filter((id): id is string => id !== null);
  const covers = new Map((await files.getMany(db, accountId, [...new Set(coverIds)])).map((f) => [f.id, f]));
  return rows.map((r) => {
    const s = statsOf.get(r.id);
    const coverId = coverOf(r, s?.newest_id);
    const albumStats: AlbumStats = s
      ? { imageCount: s.image_count, videoCount: s.video_count, cover: (coverId && covers.get(coverId)) || null }
      : EMPTY_STATS;
    return toAlbum(r, albumStats, links);
  });
}

/** Entities as album items: the album shape, with the stream's icon and the cover the provider chose. */
export async function presentStreamAlbums(
  db: Executor,
  accountId: string,
  contentType: StreamContentType,
  entities: readonly StreamAlbum[],
  links: DerivativeLinks | null,
): Promise<AlbumDto[]> {
  const coverIds = [...new Set(entities.flatMap((e) => (e.coverFileId === null ? [] : [e.coverFileId])))];
  // Only a live photo shows as a cover, whatever the provider chose.
  const live = (await files.getMany(db, accountId, coverIds)).filter((f) => f.status === 'ACTIVE' && f.hidden === 0);
  const covers = new Map(live.map((f) => [f.id, f]));
  return entities.map((e) => {
    const row: AlbumRow = {
      id: e.id,
      account_id: accountId,
      label: e.label,
      label_key: '',
      content_type: contentType,
      icon: STREAM_ICON[contentType],
      status: e.status,
      cover_file_id: e.coverFileId,
      created_at: e.createdAt,
      last_modified_at: e.modifiedAt,
    };
    const cover = e.coverFileId === null ? null : (covers.get(e.coverFileId) ?? null);
    return toAlbum(row, { imageCount: e.imageCount, videoCount: e.videoCount, cover }, links);
  });
}
