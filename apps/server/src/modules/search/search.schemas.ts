import { Type, type Static } from 'typebox';
import { FileItem, SortOrder } from '../files/files.public.js';
import { Album } from '../albums/albums.public.js';

/** Page size of unified search results unless the caller asks otherwise, and the most one page may hold. */
export const SEARCH_PAGE_SIZE = 50;
export const MAX_SEARCH_PAGE_SIZE = 100;
export const SUGGEST_SIZE = 8;
export const MAX_SUGGEST_SIZE = 20;

const Kind = Type.Union([
  Type.Literal('PHOTO'),
  Type.Literal('VIDEO'),
  Type.Literal('DOCUMENT'),
  Type.Literal('FOLDER'),
  Type.Literal('ALBUM'),
  Type.Literal('OTHER'),
]);


export const UnifiedQuery = Type.Object({
  text: Type.String({ minLength: 1, maxLength: 200 }),
  page: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000 })),
  size: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_SEARCH_PAGE_SIZE })),
  sortBy: Type.Optional(
    Type.Union([Type.Literal('relevance'), Type.Literal('name'), Type.Literal('lastModifiedDate'), Type.Literal('takenDate')]),
  ),
  sortOrder: Type.Optional(SortOrder),
  kind: Type.Optional(Kind),
  documentType: Type.Optional(Type.Union([Type.Literal('WORD'), Type.Literal('PDF'), Type.Literal('CELL'), Type.Literal('SLIDE')])),
  showHidden: Type.Optional(Type.Boolean()),
  showTrashed: Type.Optional(Type.Boolean()),
});
export type UnifiedQueryValue = Static<typeof UnifiedQuery>;

export const SearchHit = Type.Object(
  {
    kind: Kind,
    matchedField: Type.Union([Type.Literal('name'), Type.Literal('description'), Type.Literal('camera'), Type.Literal('date')]),
    file: Type.Union([FileItem, Type.Null()]),
    album: Type.Union([Album, Type.Null()]),
  },
  { $id: 'SearchHit' },
);
export type SearchHitDto = Static<typeof SearchHit>;
export type MatchedField = SearchHitDto['matchedField'];

export const KindCounts = Type.Object({
  PHOTO: Type.Integer(),
  VIDEO: Type.Integer(),
  DOCUMENT: Type.Integer(),
  FOLDER: Type.Integer(),
  ALBUM: Type.Integer(),
  OTHER: Type.Integer(),
});
export type KindCountsDto = Static<typeof KindCounts>;

export const SearchResult = Type.Object({
  items: Type.Array(SearchHit),
  totalCount: Type.Integer(),
  /** For the same text, ignoring the kind filter: the numbers on the web's filter chips. */
  counts: KindCounts,
  /** Each count stops at this number (so a search costs the same however many items it finds): equal means at least. */
  countLimit: Type.Integer(),
});
export type SearchResultDto = Static<typeof SearchResult>;

export const SuggestQuery = Type.Object({
  text: Type.String({ minLength: 1, maxLength: 100 }),
  size: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_SUGGEST_SIZE })),
});
export type SuggestQueryValue = Static<typeof SuggestQuery>;


export const Suggestion = Type.Object(
  {
    text: Type.String(),
    kind: Type.Union([
      Type.Literal('NAME'),
      Type.Literal('FOLDER'),
      Type.Literal('ALBUM'),
      Type.Literal('MONTH'),
      Type.Literal('CAMERA'),
      Type.Literal('PERSON'),
      Type.Literal('PLACE'),
      Type.Literal('THING'),
    ]),
    /**
     * The file, folder, album, person, place or thing to open directly (a person's, place's or thing's id is its
     * album uuid in the album/person, album/location or album/object stream); null for a month or a camera, which the
     * web searches for.
     */
    uuid: Type.Union([Type.String(), Type.Null()]),
  },
  { $id: 'Suggestion' },
);
export type SuggestionDto = Static<typeof Suggestion>;

export const SuggestResult = Type.Object({ items: Type.Array(Suggestion) });
export type SuggestResultDto = Static<typeof SuggestResult>;
