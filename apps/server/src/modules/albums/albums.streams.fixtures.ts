import { randomUUID } from 'node:crypto';
import type { TestApp } from '../../test/harness.js';
import { UrlSigner } from '../../infra/signing/url-signer.js';
import { MediaLinks } from '../media/media.links.js';
import { DownloadService } from '../download/download.service.js';
import { AlbumsService } from './albums.service.js';
import type { AlbumStreamProvider, StreamAlbum } from './albums.streams.js';
import type { AlbumStatus } from './albums.table.js';

interface Entity {
  owner: string;
  label: string;
  status: AlbumStatus;
  /** Real photo ids, newest first, as a provider would find them. */
  photos: string[];
  at: number;
}

/**
 * A test's own stream provider over real photos: entities live in memory, photos are real file rows. It stands in for
 * the people, places and things modules only where a test exercises the registry itself.
 */
export function memoryStream() {
  const entities = new Map<string, Entity>();
  const toAlbum = (id: string, e: Entity): StreamAlbum => ({
    id,
    label: e.label,
    status: e.status,
    coverFileId: e.photos[0] ?? null,
    imageCount: e.photos.length,
    videoCount: 0,
    createdAt: e.at,
    modifiedAt: e.at,
  });
  const provider: AlbumStreamProvider = {
    async album(accountId, id) {
      const e = entities.get(id);
      return e && e.owner === accountId ? toAlbum(id, e) : null;
    },
    async list(accountId, q) {
      const mine = [...entities].filter(([, e]) => e.owner === accountId && e.status === q.status);
      return { albums: mine.slice(q.page * q.size, (q.page + 1) * q.size).map(([id, e]) => toAlbum(id, e)), total: mine.length };
    },
    async fileIds(accountId, id, q) {
      const e = entities.get(id);
      if (!e || e.owner !== accountId) return { ids: [], total: 0 };
      const ordered = q.sortOrder === 'ASC' ? [...e.photos].reverse() : e.photos;
      return { ids: ordered.slice(q.page * q.size, (q.page + 1) * q.size), total: ordered.length };
    },
  };
  return {
    provider,
    add(owner: string, label: string, photos: string[] = [], o: { status?: AlbumStatus; id?: string; at?: number } = {}): string {
      const id = o.id ?? randomUUID();
      entities.set(id, { owner, label, status: o.status ?? 'ACTIVE', photos, at: o.at ?? Date.now() });
      return id;
    },
  };
}

/**
 * An albums service wired as app.ts wires it (real links and zips) over a test app's database, with a registry of its
 * own: a test registers its providers there without taking a stream the app's modules answer for.
 */
export async function albumsWithOwnStreams(t: TestApp): Promise<AlbumsService> {
  const db = t.database.db;
  const signer = new UrlSigner(db);
  await signer.load();
  return new AlbumsService({
    db,
    links: new MediaLinks(signer),
    zips: new DownloadService({ db, blobs: t.app.blobs, logger: t.app.log }),
  });
}
