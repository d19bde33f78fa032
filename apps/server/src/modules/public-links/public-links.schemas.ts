import { Type, type Static } from 'typebox';
import { UuidSchema } from '../../shared/schemas.js';
import { FileItem, SortOrder } from '../files/files.public.js';

/** The most items one link may name (the client's selection limit). */
export const MAX_LINK_ITEMS = 500;
export const MAX_LIST_SIZE = 100;
/** Passwords of a link: long enough for a passphrase, short enough that argon2 is not a denial-of-service lever. */
const LinkPassword = Type.String({ minLength: 1, maxLength: 128 });
/** ISO-8601; parsed (and refused when not a future date) by the service. */
const DateString = Type.String({ minLength: 1, maxLength: 40 });

/** What an album link shows: a user album, or (live links, issue 35) a person's or a place's photos. */
export const LinkContentType = Type.Union([Type.Literal('album/photo'), Type.Literal('album/person'), Type.Literal('album/location')]);

export const LinkPreviewItem = Type.Object({
  uuid: Type.String(),
  name: Type.String(),
  folder: Type.Boolean(),
  contentType: Type.String(),
  thumbnailUrl: Type.Union([Type.String(), Type.Null()]),
  smallThumbnailUrl: Type.Union([Type.String(), Type.Null()]),
});

export const PublicShare = Type.Object(
  {
    uuid: Type.String(),
    /** Path and query that open the link: "/sharedFiles?token=<token>". */
    url: Type.String(),
    isAlbum: Type.Boolean(),
    /** With isAlbum: the album's kind (a person or place link is live on its photos); null for files and folders. */
    contentType: Type.Union([LinkContentType, Type.Null()]),
    /** The visitor sees the album's, person's or place's name. */
    showName: Type.Boolean(),
    /** What the link was made for (spec: public shares carry fileUuidList and isAlbum): the named items, or the album. */
    fileUuidList: Type.Array(Type.String()),
    name: Type.String(),
    itemCount: Type.Integer(),
    items: Type.Array(LinkPreviewItem),
    expirationDate: Type.Union([Type.String(), Type.Null()]),
    hasPassword: Type.Boolean(),
    createdDate: Type.String(),
    expired: Type.Boolean(),
  },
  { $id: 'PublicShare' },
);
export type PublicShareDto = Static<typeof PublicShare>;

export const CreatePublicShareBody = Type.Object(
  {
    fileUuidList: Type.Array(UuidSchema, { minItems: 1, maxItems: MAX_LINK_ITEMS }),
    isAlbum: Type.Boolean(),
    /** With isAlbum: album/person or album/location makes a live link to that person's or place's photos. */
    contentType: Type.Optional(LinkContentType),
    /** false: the visitor does not see the album's, person's or place's name (default true). */
    showName: Type.Optional(Type.Boolean()),
    expirationDate: Type.Optional(Type.Union([DateString, Type.Null()])),
    password: Type.Optional(Type.Union([LinkPassword, Type.Null()])),
  },
  {
    examples: [
      { fileUuidList: ['3f0e6c1a-7b2d-4c8e-9f10-2a3b4c5d6e7f'], isAlbum: false, expirationDate: '2027-01-31T21:00:00.000Z', password: null },
    ],
  },
);
export type CreatePublicShareInput = Static<typeof CreatePublicShareBody>;

export const PublicShareListQuery = Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000 })),
  size: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_LIST_SIZE })),
  sortBy: Type.Optional(Type.Union([Type.Literal('createdDate'), Type.Literal('name'), Type.Literal('expirationDate')])),
  sortOrder: Type.Optional(SortOrder),
});
export type PublicShareListQueryValue = Static<typeof PublicShareListQuery>;

export const PublicShareList = Type.Object({ items: Type.Array(PublicShare), totalCount: Type.Integer() });

export const UpdateExpirationBody = Type.Object({ uuid: UuidSchema, expirationDate: Type.Union([DateString, Type.Null()]) });
export const UpdatePasswordBody = Type.Object({ uuid: UuidSchema, password: Type.Union([LinkPassword, Type.Null()]) });
export const UpdateShowNameBody = Type.Object({ uuid: UuidSchema, showName: Type.Boolean() });
export const DeletePublicSharesBody = Type.Object({ uuids: Type.Array(UuidSchema, { minItems: 1, maxItems: MAX_LINK_ITEMS }) });

// --- the visitor's calls

/** The link token travels in a header, never in a URL our server logs or a Referer could leak. */
export const VisitorHeaders = Type.Object({
  'x-share-token': Type.String({ minLength: 1, maxLength: 200 }),
  'x-share-unlock': Type.Optional(Type.String({ minLength: 1, maxLength: 400 })),
});
export type VisitorHeadersValue = Static<typeof VisitorHeaders>;

export const SharedList = Type.Object({
  /** '' when the owner keeps the album's, person's or place's name to themselves (nameShown false). */
  name: Type.String(),
  nameShown: Type.Boolean(),
  contentType: Type.Union([LinkContentType, Type.Null()]),
  isAlbum: Type.Boolean(),
  /** The link names one folder: its root is that folder's content (itemCount counts it) and its crumbs start there. */
  isFolder: Type.Boolean(),
  itemCount: Type.Integer(),
  ownerName: Type.String(),
  expirationDate: Type.Union([Type.String(), Type.Null()]),
  hasPassword: Type.Boolean(),
  createdDate: Type.String(),
});

export const UnlockBody = Type.Object({ password: Type.String({ minLength: 1, maxLength: 128 }) });
export const Unlock = Type.Object({ unlock: Type.String() });

/** '' or absent: the link's root items. */
const ParentRef = Type.Optional(Type.Union([Type.Literal(''), UuidSchema]));
export const SharedCountQuery = Type.Object({ parentFolderUuid: ParentRef });
export const SharedCount = Type.Object({ count: Type.Integer() });

export const SharedFilesQuery = Type.Object({
  parentFolderUuid: ParentRef,
  page: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000 })),
  size: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_LIST_SIZE })),
  sortBy: Type.Optional(
    Type.Union([Type.Literal('name'), Type.Literal('createdDate'), Type.Literal('size'), Type.Literal('lastModifiedDate')]),
  ),
  sortOrder: Type.Optional(SortOrder),
});
export type SharedFilesQueryValue = Static<typeof SharedFilesQuery>;

const Crumb = Type.Object({ uuid: Type.String(), name: Type.String() });
export const SharedFiles = Type.Object({
  fileList: Type.Array(FileItem),
  totalCount: Type.Integer(),
  folder: Type.Union([Crumb, Type.Null()]),
  path: Type.Array(Crumb),
});

export const SharedDownloadBody = Type.Object({ uuids: Type.Optional(Type.Array(UuidSchema, { maxItems: MAX_LINK_ITEMS })) });
export const SharedDownload = Type.Object({ url: Type.String(), fileName: Type.String() });

export const SaveSharedBody = Type.Object({
  uuids: Type.Optional(Type.Array(UuidSchema, { maxItems: MAX_LINK_ITEMS })),
  targetFolderUuid: Type.Optional(Type.Union([UuidSchema, Type.Null()])),
});
export type SaveSharedInput = Static<typeof SaveSharedBody>;
export const SaveShared = Type.Object({ savedCount: Type.Integer(), folderUuid: Type.Union([Type.String(), Type.Null()]) });
