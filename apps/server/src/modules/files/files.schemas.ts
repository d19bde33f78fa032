import { Type, type Static } from 'typebox';
import { UuidSchema } from '../../shared/schemas.js';
import { ROOT, type FileRow } from './files.table.js';

/** The most items one bulk call may name (the client's max_select_count default). */
export const MAX_SELECT = 500;
export const MAX_PAGE_SIZE = 500;
export const MAX_FOLDER_LIST_SIZE = 99_999;
export const MAX_ACTIVITY_PAGE_SIZE = 200;
export const MAX_DESCRIPTION = 1000;
export const FOLDER_CONTENT_TYPE = 'application/x-directory';

export const FileItem = Type.Object(
  {
    uuid: Type.String(),
    name: Type.String(),
    folder: Type.Boolean(),
    bytes: Type.Number(),
    contentType: Type.String(),
    parentFolderUuid: Type.Union([Type.String(), Type.Null()]),
    projectId: Type.String(),
    createdDate: Type.Number(),
    lastModifiedDate: Type.Number(),
    favourite: Type.Boolean(),
    hidden: Type.Boolean(),
    status: Type.Union([Type.Literal('ACTIVE'), Type.Literal('TRASHED')]),
    documentType: Type.Union([Type.Literal('WORD'), Type.Literal('PDF'), Type.Literal('CELL'), Type.Literal('SLIDE'), Type.Null()]),
    trashedDate: Type.Union([Type.Number(), Type.Null()]),
    metadata: Type.Object({ Description: Type.Optional(Type.String()) }),
    // --- photos and videos; null for everything else and until processed
    /** Signed, public (an <img> cannot send X-Auth-Token), stable for a day so the browser cache hits. */
    thumbnailUrl: Type.Union([Type.String(), Type.Null()]),
    /** A 128 px square of the same picture, for list rows and icons; null until made (or for what has no thumbnail). */
    smallThumbnailUrl: Type.Union([Type.String(), Type.Null()]),
    previewUrl: Type.Union([Type.String(), Type.Null()]),
    /** ThumbHash, base64: a blurred stand-in drawn while the thumbnail loads. */
    placeholder: Type.Union([Type.String(), Type.Null()]),
    width: Type.Union([Type.Integer(), Type.Null()]),
    height: Type.Union([Type.Integer(), Type.Null()]),
    takenDate: Type.Union([Type.Number(), Type.Null()]),
    durationMs: Type.Union([Type.Integer(), Type.Null()]),
    latitude: Type.Union([Type.Number(), Type.Null()]),
    longitude: Type.Union([Type.Number(), Type.Null()]),
    mediaStatus: Type.Union([Type.Literal('PENDING'), Type.Literal('READY'), Type.Literal('FAILED'), Type.Null()]),
    /** "Make Model" from EXIF, e.g. "Apple iPhone 13". */
    camera: Type.Union([Type.String(), Type.Null()]),
    videoSlideshow: Type.Boolean(),
  },
  { $id: 'FileItem' },
);
export type FileItemDto = Static<typeof FileItem>;

/** The signed URLs of a file's thumbnails and preview; null where it has none. */
export interface DerivativeUrls {
  thumbnailUrl: string | null;
  smallThumbnailUrl: string | null;
  previewUrl: string | null;
}
export const NO_DERIVATIVE_URLS: DerivativeUrls = { thumbnailUrl: null, smallThumbnailUrl: null, previewUrl: null };

/** Signs the URLs of a file's thumbnails and preview (implemented by the media module). */
export interface DerivativeLinks {
  urls(row: FileRow): DerivativeUrls;
}

const num = (v: number | null) => (v === null ? null : Number(v));

export const toFileItem = (row: FileRow, projectId: string, links?: DerivativeLinks | null): FileItemDto => ({
  uuid: row.id,
  name: row.name,
  folder: row.is_folder === 1,
  bytes: Number(row.bytes),
  contentType: row.content_type,
  parentFolderUuid: row.parent_id === ROOT ? null : row.parent_id,
  projectId,
  createdDate: Number(row.created_at),
  lastModifiedDate: Number(row.last_modified_at),
  favourite: row.favourite === 1,
  hidden: row.hidden === 1,
  status: row.status,
  documentType: row.document_type,
  trashedDate: row.trashed_at === null ? null : Number(row.trashed_at),
  metadata: row.description === null ? {} : { Description: row.description },
  ...(links?.urls(row) ?? NO_DERIVATIVE_URLS),
  placeholder: row.placeholder ?? null,
  width: num(row.width ?? null),
  height: num(row.height ?? null),
  takenDate: num(row.taken_at ?? null),
  durationMs: num(row.duration_ms ?? null),
  latitude: num(row.latitude ?? null),
  longitude: num(row.longitude ?? null),
  mediaStatus: row.media_status ?? null,
  camera: row.camera ?? null,
  videoSlideshow: row.video_slideshow === 1,
});

export const FileList = Type.Object({ fileList: Type.Array(FileItem) });
/** A photo as a listing shows it: the API reference's example. */
const EXAMPLE_PHOTO: FileItemDto = {
  uuid: '3f0e6c1a-7b2d-4c8e-9f10-2a3b4c5d6e7f',
  name: 'IMG_2041.jpg',
  folder: false,
  bytes: 2_481_337,
  contentType: 'image/jpeg',
  parentFolderUuid: null,
  projectId: '5d2c4b1a-0e9f-4a8b-8c7d-6e5f4a3b2c1d',
  createdDate: 1_764_412_800_000,
  lastModifiedDate: 1_764_412_800_000,
  favourite: false,
  hidden: false,
  status: 'ACTIVE',
  documentType: null,
  trashedDate: null,
  metadata: {},
  thumbnailUrl: '/api/media/thumb/<signed token>',
  smallThumbnailUrl: '/api/media/thumb/<signed token>',
  previewUrl: '/api/media/preview/<signed token>',
  placeholder: '1QcSHQRnh493V4dIh4eXh1h4kJUI',
  width: 4032,
  height: 3024,
  takenDate: 1_764_398_400_000,
  durationMs: null,
  latitude: 41.0082,
  longitude: 28.9784,
  mediaStatus: 'READY',
  camera: 'Apple iPhone 13',
  videoSlideshow: false,
};

export const FilePage = Type.Object(
  {
    fileList: Type.Array(FileItem),
    page: Type.Integer(),
    size: Type.Integer(),
    hasMore: Type.Boolean(),
  },
  { examples: [{ fileList: [EXAMPLE_PHOTO], page: 0, size: 100, hasMore: false }] },
);
export type FilePageDto = Static<typeof FilePage>;

export const Deleted = Type.Object({ deleted: Type.Integer() });

export const ActivityItem = Type.Object({
  id: Type.String(),
  action: Type.String(),
  fileUuid: Type.String(),
  name: Type.String(),
  folder: Type.Boolean(),
  createdDate: Type.Number(),
});
export const ActivityList = Type.Object({ activityList: Type.Array(ActivityItem) });

export const ACTIVITY_ACTIONS = [
  'UPLOADED',
  'CREATED_FOLDER',
  'RENAMED',
  'MOVED',
  'TRASHED',
  'RECOVERED',
  'DELETED',
  'FAVOURITED',
  'UNFAVOURITED',
  'HIDDEN',
  'UNHIDDEN',
  'DESCRIBED',
] as const;
export type ActivityAction = (typeof ACTIVITY_ACTIONS)[number];

export const toActivityItem = (a: {
  id: string;
  action: string;
  file_id: string;
  name: string;
  is_folder: number;
  created_at: number;
}) => ({
  id: a.id,
  action: a.action,
  fileUuid: a.file_id,
  name: a.name,
  folder: a.is_folder === 1,
  createdDate: Number(a.created_at),
});

// --- request pieces

/** '' (or absent) is the root folder. */
export const FolderRef = Type.Union([Type.Literal(''), UuidSchema]);
export const SortBy = Type.Union([Type.Literal('name'), Type.Literal('date'), Type.Literal('size')]);
export const SortOrder = Type.Union([Type.Literal('ASC'), Type.Literal('DESC')]);
export type SortByValue = Static<typeof SortBy>;
export type SortOrderValue = Static<typeof SortOrder>;
const Page = Type.Integer({ minimum: 0, maximum: 1_000_000 });

const paging = {
  sortBy: Type.Optional(SortBy),
  sortOrder: Type.Optional(SortOrder),
  page: Type.Optional(Page),
  size: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE })),
};

/** `size` may go up to 99999 only with folderOnly=true; the service checks the pair. */
export const FolderListQuery = Type.Object({
  parentFolderUuid: Type.Optional(FolderRef),
  ...paging,
  size: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_FOLDER_LIST_SIZE })),
  folderOnly: Type.Optional(Type.Boolean()),
  from: Type.Optional(Page),
});
export type FolderListQueryValue = Static<typeof FolderListQuery>;

export const V2ListQuery = Type.Object({
  ...FolderListQuery.properties,
  language: Type.Optional(Type.String({ maxLength: 8 })),
});

export const PagingQuery = Type.Object(paging);
export type PagingQueryValue = Static<typeof PagingQuery>;

export const DocumentTypeQuery = Type.Object({
  documentType: Type.Union([Type.Literal('WORD'), Type.Literal('PDF'), Type.Literal('CELL'), Type.Literal('SLIDE')]),
  parentFolderUuid: Type.Optional(FolderRef),
  ...paging,
});

/** `GET /api/search/byField`: favourites or slideshows (`=true`), or media kinds (`content_type=image OR video`). */
export const ByFieldQuery = Type.Object({
  fieldName: Type.Union([Type.Literal('favourite'), Type.Literal('videoSlideshow'), Type.Literal('content_type')]),
  fieldValue: Type.String({ minLength: 1, maxLength: 100 }),
  showHidden: Type.Optional(Type.Boolean()),
  ...paging,
});

export const UuidList = Type.Array(UuidSchema, { minItems: 1, maxItems: MAX_SELECT });
export const ProjectItemList = Type.Array(Type.Object({ projectId: Type.String({ minLength: 1, maxLength: 64 }), uuid: UuidSchema }), {
  minItems: 1,
  maxItems: MAX_SELECT,
});

export const ActivityQuery = Type.Object({
  sortBy: Type.Optional(Type.Literal('createdDate')),
  sortOrder: Type.Optional(SortOrder),
  page: Type.Optional(Page),
  size: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_ACTIVITY_PAGE_SIZE })),
});
