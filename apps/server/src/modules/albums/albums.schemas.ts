import { Type, type Static } from 'typebox';
import { UuidSchema } from '../../shared/schemas.js';
import { FileItem, NO_DERIVATIVE_URLS, SortOrder, type DerivativeLinks, type FileRow } from '../files/files.public.js';
import type { AlbumRow } from './albums.table.js';

/** Page size of the album list and of an album's contents. */
export const ALBUM_PAGE_SIZE = 100;
export const MAX_LABEL = 255;
/** The only kind a user creates; person, location and object albums are made by the recognition features. */
export const USER_ALBUM_TYPE = 'album/photo';

const ContentType = Type.Union([
  Type.Literal('album/photo'),
  Type.Literal('album/person'),
  Type.Literal('album/location'),
  Type.Literal('album/object'),
]);
const Status = Type.Union([Type.Literal('ACTIVE'), Type.Literal('HIDDEN'), Type.Literal('TRASHED')]);

export const CoverPhoto = Type.Object({
  uuid: Type.String(),
  thumbnailUrl: Type.Union([Type.String(), Type.Null()]),
  smallThumbnailUrl: Type.Union([Type.String(), Type.Null()]),
  previewUrl: Type.Union([Type.String(), Type.Null()]),
  placeholder: Type.Union([Type.String(), Type.Null()]),
  width: Type.Union([Type.Integer(), Type.Null()]),
  height: Type.Union([Type.Integer(), Type.Null()]),
});

export const Album = Type.Object(
  {
    uuid: Type.String(),
    label: Type.String(),
    contentType: ContentType,
    icon: Type.String(),
    status: Status,
    coverPhotoUuid: Type.Union([Type.String(), Type.Null()]),
    coverPhoto: Type.Union([CoverPhoto, Type.Null()]),
    imageCount: Type.Integer(),
    videoCount: Type.Integer(),
    createdDate: Type.Number(),
    lastModifiedDate: Type.Number(),
  },
  { $id: 'Album' },
);
export type AlbumDto = Static<typeof Album>;

/** What an album shows besides its own row: live members only (ACTIVE, not hidden). */
export interface AlbumStats {
  imageCount: number;
  videoCount: number;
  /** The chosen cover when it is a live member, else the newest live member; null for an empty album. */
  cover: FileRow | null;
}
export const EMPTY_STATS: AlbumStats = { imageCount: 0, videoCount: 0, cover: null };

export const toAlbum = (row: AlbumRow, stats: AlbumStats, links: DerivativeLinks | null): AlbumDto => ({
  uuid: row.id,
  label: row.label,
  contentType: row.content_type,
  icon: row.icon,
  status: row.status,
  coverPhotoUuid: stats.cover?.id ?? null,
  coverPhoto: stats.cover
    ? {
        uuid: stats.cover.id,
        ...(links?.urls(stats.cover) ?? NO_DERIVATIVE_URLS),
        placeholder: stats.cover.placeholder ?? null,
        width: stats.cover.width === null ? null : Number(stats.cover.width),
        height: stats.cover.height === null ? null : Number(stats.cover.height),
      }
    : null,
  imageCount: stats.imageCount,
  videoCount: stats.videoCount,
  createdDate: Number(row.created_at),
  lastModifiedDate: Number(row.last_modified_at),
});

export const AlbumPage = Type.Object({ albumList: Type.Array(Album), page: Type.Integer(), size: Type.Integer(), hasMore: Type.Boolean() });
export type AlbumPageDto = Static<typeof AlbumPage>;
export const AlbumList = Type.Object({ albumList: Type.Array(Album) });
export const AlbumDetail = Type.Object({
  album: Album,
  fileList: Type.Array(FileItem),
  page: Type.Integer(),
  size: Type.Integer(),
  hasMore: Type.Boolean(),
});
export type AlbumDetailDto = Static<typeof AlbumDetail>;

// --- requests

const Page = Type.Integer({ minimum: 0, maximum: 1_000_000 });
const Size = Type.Integer({ minimum: 1, maximum: ALBUM_PAGE_SIZE });

export const AlbumListQuery = Type.Object({
  contentType: Type.Optional(ContentType),
  infoId: Type.Optional(
    Type.String({
      format: 'uuid',
      description:
        'The spec\'s "info id": answer with this one album, or with this person, place or thing when contentType is album/person, album/location or album/object.',
    }),
  ),
  status: Type.Optional(Status),
  page: Type.Optional(Page),
  size: Type.Optional(Size),
  sortBy: Type.Optional(Type.Union([Type.Literal('lastModifiedDate'), Type.Literal('label'), Type.Literal('createdDate')])),
  sortOrder: Type.Optional(SortOrder),
});
export type AlbumListQueryValue = Static<typeof AlbumListQuery>;

/** An album's contents are always in photo-date order; clients ask for it as `lastModifiedDate`. */
export const AlbumContentsQuery = Type.Object({
  contentType: Type.Optional(ContentType),
  page: Type.Optional(Page),
  size: Type.Optional(Size),
  sortBy: Type.Optional(Type.Literal('lastModifiedDate')),
  sortOrder: Type.Optional(SortOrder),
});
export type AlbumContentsQueryValue = Static<typeof AlbumContentsQuery>;

// Lengths are checked again after trimming by the service; these bounds only keep absurd input out.
export const CreateAlbumBody = Type.Object({
  contentType: Type.Literal(USER_ALBUM_TYPE),
  icon: Type.String({ minLength: 1, maxLength: 64, pattern: '^[a-z0-9][a-z0-9-]*$' }),
  label: Type.String({ maxLength: 4 * MAX_LABEL }),
});
export type CreateAlbumBodyValue = Static<typeof CreateAlbumBody>;

export const RenameQuery = Type.Object({ newLabel: Type.String({ maxLength: 4 * MAX_LABEL }) });
export const CoverQuery = Type.Object({ coverPhotoUuid: UuidSchema });
export const DownloadAlbumBody = Type.Object({ albumUuid: UuidSchema });
export const UuidParams = Type.Object({ uuid: UuidSchema });
export const AlbumUuidParams = Type.Object({ albumUuid: UuidSchema });
