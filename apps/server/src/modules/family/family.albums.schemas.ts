import { Type, type Static } from 'typebox';
import { UuidSchema } from '../../shared/schemas.js';
import { FileItem } from '../files/files.public.js';
import { MAX_LIBRARY_BATCH, MAX_LIBRARY_PAGE } from './family.library.schemas.js';

/** Most albums a family lists (one page: a family makes tens, not thousands). */
export const MAX_FAMILY_ALBUMS = 1000;
export const MAX_ALBUM_NAME = 255;

export const FamilyAlbum = Type.Object(
  {
    id: Type.String(),
    name: Type.String(),
    /** Items that count: in the family library as members see it now. */
    itemCount: Type.Integer({ minimum: 0 }),
    /** The chosen cover while it counts, else the newest item; null for an empty album. */
    cover: Type.Union([FileItem, Type.Null()]),
    /** The cover a member chose (null: the newest item is shown). */
    coverFileId: Type.Union([Type.String(), Type.Null()]),
    /** Who made it; name null when that account is gone. */
    createdBy: Type.Object({ accountId: Type.String(), name: Type.Union([Type.String(), Type.Null()]) }),
    createdAt: Type.String({ format: 'date-time' }),
    modifiedAt: Type.String({ format: 'date-time' }),
    /** The caller may delete it: they made it, or they are the family admin. */
    canDelete: Type.Boolean(),
  },
  { $id: 'FamilyAlbum' },
);
export type FamilyAlbumDto = Static<typeof FamilyAlbum>;

export const FamilyAlbumList = Type.Object({ albums: Type.Array(FamilyAlbum) }, { $id: 'FamilyAlbumList' });

export const AlbumParams = Type.Object({ albumId: UuidSchema });

const Items = Type.Array(UuidSchema, { minItems: 1, maxItems: MAX_LIBRARY_BATCH });
// Checked again after trimming by the service; the bound only keeps absurd input out.
const Name = Type.String({ maxLength: 4 * MAX_ALBUM_NAME });

export const CreateAlbumBody = Type.Object(
  {
    name: Name,
    /** Items of the family library to start with (the library's selection). */
    uuids: Type.Optional(Type.Array(UuidSchema, { maxItems: MAX_LIBRARY_BATCH })),
  },
  { additionalProperties: false },
);
export type CreateAlbumBodyValue = Static<typeof CreateAlbumBody>;

export const UpdateAlbumBody = Type.Object(
  {
    name: Type.Optional(Name),
    /** An item of the album as its cover; null: the newest item again. */
    coverFileId: Type.Optional(Type.Union([UuidSchema, Type.Null()])),
  },
  { additionalProperties: false, minProperties: 1 },
);
export type UpdateAlbumBodyValue = Static<typeof UpdateAlbumBody>;

export const AlbumItemsBody = Type.Object({ uuids: Items }, { additionalProperties: false });

export const AlbumItemsQuery = Type.Object({
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_LIBRARY_PAGE })),
  /** The `next` of the previous page. */
  after: Type.Optional(Type.String({ pattern: '^[0-9]{1,16}_[0-9a-fA-F-]{36}$' })),
});

export const RemoveFromAlbumResult = Type.Object({ removed: Type.Integer({ minimum: 0 }) });
export const DeleteAlbumResult = Type.Object({ ok: Type.Boolean() });

export const FamilyAlbumItem = Type.Object(
  {
    file: FileItem,
    /** Who put it in the family library ("Added by …"). */
    addedBy: Type.Object({ accountId: Type.String(), name: Type.String() }),
    /** The caller added it to the library. */
    mine: Type.Boolean(),
  },
  { $id: 'FamilyAlbumItem' },
);

export const FamilyAlbumPage = Type.Object(
  {
    items: Type.Array(FamilyAlbumItem),
    /** Pass as `after` for the next page; null at the end. */
    next: Type.Union([Type.String(), Type.Null()]),
  },
  { $id: 'FamilyAlbumPage' },
);
