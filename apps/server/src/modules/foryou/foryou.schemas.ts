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
