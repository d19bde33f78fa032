import { Type, type Static } from 'typebox';
import { FileItem } from '../files/files.public.js';

export const MAX_GROUPS_PER_CALL = 50;
export const MAX_GROUP_PAGE = 500;

export const CATEGORIES = ['all', 'favourites', 'videos', 'photos'] as const;
export type Category = (typeof CATEGORIES)[number];

export const CategoryQuery = Type.Object({ category: Type.Optional(Type.Union(CATEGORIES.map((c) => Type.Literal(c)))) });

/** "2026-11-21"; the service also refuses dates that do not exist (2026-02-30). */
const DayKey = Type.String({ pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' });

export const Group = Type.Object({
  key: Type.String(),
  year: Type.Integer(),
  month: Type.Integer(),
  day: Type.Integer(),
  count: Type.Integer(),
  /** Index of the group's first photo in the whole timeline. */
  offset: Type.Integer(),
});
export type GroupDto = Static<typeof Group>;

export const Groups = Type.Object({
  category: Type.String(),
  total: Type.Integer(),
  groups: Type.Array(Group),
});
export type GroupsDto = Static<typeof Groups>;

/** A photo of the day as the timeline orders it (its `takenDate` and `uuid`): where a keyset page starts or ends. */
const PageCursor = Type.Object({
  takenDate: Type.Integer(),
  uuid: Type.String({ minLength: 1, maxLength: 36 }),
});
export type PageCursorValue = Static<typeof PageCursor>;

export const GroupListBody = Type.Object({
  groups: Type.Array(
    Type.Object({
      key: DayKey,
      offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000 })),
      limit: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_GROUP_PAGE })),
      /** The page is the `limit` photos right after this one (keyset: the same cost at any depth; `offset` is only echoed). */
      after: Type.Optional(PageCursor),
      /** The page is the `limit` photos right before this one (keyset, scrolling up from a loaded page). */
      before: Type.Optional(PageCursor),
    }),
    { minItems: 1, maxItems: MAX_GROUPS_PER_CALL },
  ),
});
export type GroupListBodyValue = Static<typeof GroupListBody>;

export const GroupPages = Type.Object({
  groups: Type.Array(
    Type.Object({
      key: Type.String(),
      count: Type.Integer(),
      /** The offset within the group the items start at, as asked. */
      offset: Type.Integer(),
      items: Type.Array(FileItem),
      hasMore: Type.Boolean(),
    }),
  ),
});
export type GroupPagesDto = Static<typeof GroupPages>;

export const PositionParams = Type.Object({ x: Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER }) });

export const Position = Type.Object({
  position: Type.Integer(),
  key: Type.String(),
  groupIndex: Type.Integer(),
  offsetInGroup: Type.Integer(),
  year: Type.Integer(),
  month: Type.Integer(),
  day: Type.Integer(),
});
export type PositionDto = Static<typeof Position>;
