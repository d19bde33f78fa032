// What other modules may use of the search index: the writer, which files, albums, people, places and things call
// inside their own transactions, and the folding and month names the search module queries with.
export {
  indexAlbums,
  indexEntities,
  indexFiles,
  indexMissing,
  unindex,
  unindexEntities,
  type AlbumSubject,
  type EntitySubject,
  type FileSubject,
} from './search-index.writer.js';
export { foldText, foldWords } from './search-index.fold.js';
export { monthDisplay, monthsStartingWith, monthWord } from './search-index.months.js';
export {
  ENTITY_KINDS,
  SEARCH_KINDS,
  type EntityKind,
  type SearchDocumentType,
  type SearchKind,
  type SearchSubjectKind,
} from './search-index.table.js';
