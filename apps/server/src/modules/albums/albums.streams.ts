import type { Expression, SqlBool } from 'kysely';
import type { PermissionBy } from '../../shared/access/access.plugin.js';
import type { Language } from '../../shared/schemas.js';
import type { AlbumContentType, AlbumStatus } from './albums.table.js';

/** The album kinds another module answers for: people, places and things shown as albums. */
export type StreamContentType = Exclude<AlbumContentType, 'album/photo'>;
export const STREAM_CONTENT_TYPES: readonly StreamContentType[] = ['album/person', 'album/location', 'album/object'];
export const isStreamContentType = (value: string | undefined): value is StreamContentType =>
  (STREAM_CONTENT_TYPES as readonly string[]).includes(value ?? '');

/** The icon a stream's albums carry (a user album keeps the icon its owner chose). */
export const STREAM_ICON: Record<StreamContentType, string> = {
  'album/person': 'person',
  'album/location': 'location',
  'album/object': 'object',
};

/**
 * An album uuid with a stream's contentType names a person, place or thing: the access policy checks it with that
 * kind's permission (its owner's table), otherwise as an album; either way a denied id is "Album not found.".
 */
export const STREAM_ACCESS: PermissionBy = {
  in: 'query',
  path: 'contentType',
  values: { 'album/person': 'person.read', 'album/location': 'place.read', 'album/object': 'thing.read' },
  as: 'album',
};

/** One entity (a person, place or thing) as an album row; its id is the album's uuid. */
export interface StreamAlbum {
  id: string;
  label: string;
  status: AlbumStatus;
  /** A live photo of the entity to show as its cover, or null. */
  coverFileId: string | null;
  imageCount: number;
  videoCount: number;
  createdAt: number;
  modifiedAt: number;
}

/** What the module owning an entity kind registers so that /album answers for its entities. */
export interface AlbumStreamProvider {
  /**
   * The entity as an album row (uuid = entity id) or null when not the caller's (→ 404). `language`: the reader's
   * (X-Client-Language), for labels that have one per language (places); undefined: the stored label.
   */
  album(accountId: string, id: string, language?: Language): Promise<StreamAlbum | null>;
  /** The caller's entities of this kind as albums, for GET /album?contentType=…&status=… */
  list(accountId: string, q: { status: AlbumStatus; page: number; size: number; language?: Language }): Promise<{ albums: StreamAlbum[]; total: number }>;
  /** The photos' file ids, newest first, keyset/offset paged; only live (ACTIVE, not hidden) files of the account. */
  fileIds(
    accountId: string,
    id: string,
    q: { page: number; size: number; sortOrder: 'ASC' | 'DESC' },
  ): Promise<{ ids: string[]; total: number }>;
  /**
   * Optional: an SQL condition, true while the entity whose id is `id` has something to show (a live photo). Search
   * leaves the others out of its hits, suggestions and counts, as a hit would open an empty page.
   */
  shown?(id: Expression<unknown>): Expression<SqlBool>;
  /** Optional: status changes for {stream}/trash|hide|recover (people only). */
  setStatus?(accountId: string, ids: string[], status: AlbumStatus): Promise<void>;
}

/**
 * The registry of album streams. The albums module is built before the modules that own people, places and things;
 * each of those registers its provider here when it is built, so albums never imports them.
 */
export class AlbumStreams {
  private readonly providers = new Map<StreamContentType, AlbumStreamProvider>();

  register(contentType: StreamContentType, provider: AlbumStreamProvider): void {
    if (!isStreamContentType(contentType)) throw new Error(`${String(contentType)} is not an album stream`);
    if (this.providers.has(contentType)) throw new Error(`${contentType} already has a provider`);
    this.providers.set(contentType, provider);
  }

  /** The provider of a stream, or null while no module answers for it (nothing of that kind exists then). */
  get(contentType: StreamContentType): AlbumStreamProvider | null {
    return this.providers.get(contentType) ?? null;
  }
}
