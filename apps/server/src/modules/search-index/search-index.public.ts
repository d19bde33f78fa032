// What other modules may use of the search index: the writer, which files and albums call inside their own
// transactions, and the folding and month names the search module queries with.
export { indexAlbums, indexFiles, indexMissing, unindex, type AlbumSubject, type FileSubject } from './search-index.writer.js';
export { foldWords } from './search-index.fold.js';
export { monthDisplay, monthsStartingWith, monthWord } from './search-index.months.js';
export { SEARCH_KINDS, type SearchDocumentType, type SearchKind, type SearchSubjectKind } from './search-index.table.js';
