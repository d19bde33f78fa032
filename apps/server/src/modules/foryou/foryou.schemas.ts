import { Type, type Static } from 'typebox';
import { UuidSchema } from '../../shared/schemas.js';
import { FileItem } from '../files/files.public.js';
import { CoverPhotoOrNull } from '../places/places.public.js';

const Status = Type.Union([Type.Literal('NEW'), Type.Literal('SEEN'), Type.Literal('SAVED'), Type.Literal('DISMISSED')]);

/** What the web puts into its translated title ("3 years ago today"): values only, never a sentence. */
export const YearsAgoTitle = Type.Object(
  {
    yearsAgo: Type.Integer(),
    year: Type.Integer(),
    /** The anniversary in that year, YYYY-MM-DD. */
    date: Type.String(),
  },
  { $id: 'YearsAgoTitle' },
);
export type YearsAgoTitleDto = Static<typeof YearsAgoTitle>;

/** A memory of the photos taken on this day in an earlier year; counts and cover are over its live photos only. */
export const YearsAgoItem = Type.Object(
  {
    id: Type.String(),
    kind: Type.Literal('YEARS_AGO'),
    /** NEW until its photos were opened once. */
    status: Status,
    yearsAgo: Type.Integer(),
    year: Type.Integer(),
    date: Type.String(),
    titleParams: YearsAgoTitle,
    photoCount: Type.Integer(),
    imageCount: Type.Integer(),
    videoCount: Type.Integer(),
    coverPhoto: CoverPhotoOrNull,
    createdDate: Type.Number(),
    /** When it leaves the list (epoch ms); null: it stays. */
    expiresDate: Type.Union([Type.Number(), Type.Null()]),
  },
  { $id: 'YearsAgoItem' },
);
export type YearsAgoItemDto = Static<typeof YearsAgoItem>;

export const YearsAgoList = Type.Object({ items: Type.Array(YearsAgoItem) });
export type YearsAgoListDto = Static<typeof YearsAgoList>;

export const YearsAgoDetail = Type.Object({ item: YearsAgoItem, fileList: Type.Array(FileItem) });
export type YearsAgoDetailDto = Static<typeof YearsAgoDetail>;

export const ItemParams = Type.Object({ id: UuidSchema });

// --- every kind (issue 15): one item shape, so the web draws every row and the story player from the same fields

export const ForyouKind = Type.Union(
  [
    Type.Literal('YEARS_AGO'),
    Type.Literal('COLLAGE'),
    Type.Literal('ANIMATION'),
    Type.Literal('ALBUM'),
    Type.Literal('STORY'),
    Type.Literal('STYLED'),
    Type.Literal('VIDEO'),
  ],
  { $id: 'ForyouKind' },
);

/**
 * The title as values the web turns into a sentence in the reader's language (`foryou.title.<key>` in its locale
 * files), never a sentence. Keys: yearsAgo {yearsAgo, year, date}; collage / animation / event {date, endDate?, place?};
 * trip {place, date, endDate}; person {name, year?}; yearInReview {year}; season {season: winter|spring|summer|autumn, year};
 * personYear {name, year}; styled {style}; video {…the titled item's params}.
 */
export const ForyouTitle = Type.Object(
  {
    key: Type.String(),
    params: Type.Record(Type.String(), Type.Union([Type.String(), Type.Number()])),
  },
  { $id: 'ForyouTitle' },
);
export type ForyouTitleDto = Static<typeof ForyouTitle>;

/** A rendered result (collage image, animation, memory video, styled photo), behind a signed URL valid for a day. */
export const ForyouMedia = Type.Object(
  {
    url: Type.String(),
    contentType: Type.String(),
    width: Type.Integer(),
    height: Type.Integer(),
    durationMs: Type.Union([Type.Integer(), Type.Null()]),
    bytes: Type.Integer(),
  },
  { $id: 'ForyouMedia' },
);

export const ForyouItem = Type.Object(
  {
    id: Type.String(),
    kind: ForyouKind,
    /** NEW until opened; SAVED once kept (it then stays past its expiry). */
    status: Status,
    title: ForyouTitle,
    photoCount: Type.Integer(),
    imageCount: Type.Integer(),
    videoCount: Type.Integer(),
    coverPhoto: CoverPhotoOrNull,
    /** The rendered result, for kinds that have one. */
    media: Type.Union([ForyouMedia, Type.Null()]),
    /** What saving it made: a file uuid (collage, animation, video, styled) or an album uuid (ALBUM). */
    savedFileUuid: Type.Union([Type.String(), Type.Null()]),
    savedAlbumUuid: Type.Union([Type.String(), Type.Null()]),
    createdDate: Type.Number(),
    expiresDate: Type.Union([Type.Number(), Type.Null()]),
  },
  { $id: 'ForyouItem' },
);
export type ForyouItemDto = Static<typeof ForyouItem>;

export const ForyouPage = Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 0, maximum: 10_000, default: 0 })),
  size: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
});

export const ForyouItemList = Type.Object({ items: Type.Array(ForyouItem), hasMore: Type.Boolean() }, { $id: 'ForyouItemList' });
export type ForyouItemListDto = Static<typeof ForyouItemList>;

/** An item with its photos in order (a story's pages, an album's contents, a collage's sources). */
export const ForyouItemDetail = Type.Object({ item: ForyouItem, fileList: Type.Array(FileItem) }, { $id: 'ForyouItemDetail' });
export type ForyouItemDetailDto = Static<typeof ForyouItemDetail>;

export const SaveResult = Type.Object(
  {
    item: ForyouItem,
    savedFileUuid: Type.Union([Type.String(), Type.Null()]),
    savedAlbumUuid: Type.Union([Type.String(), Type.Null()]),
  },
  { $id: 'ForyouSaveResult' },
);
export type SaveResultDto = Static<typeof SaveResult>;
