// What other modules may use of the files module. The files module is the only writer of the file and file_activity
// tables: others read through the functions below and write through files.writer's functions in their own transactions.
export {
  Deleted,
  FileItem,
  FolderRef,
  NO_DERIVATIVE_URLS,
  ProjectItemList,
  SortOrder,
  toFileItem,
  UuidList,
  type DerivativeLinks,
  type FileItemDto,
} from './files.schemas.js';
export { FACT_GIVEN, fileBlobKey, MEDIA_KIND, ROOT, type DocumentType, type FileRow, type FileTable, type NewFile } from './files.table.js';
export {
  getActiveFile,
  getActiveFolder,
  findHeldContent,
  getById,
  getByIdUnscoped,
  heldBlobKeys,
  getDerivativeKeys,
  getInOrder,
  getLiveByNameKey,
  getLiveByPath,
  getMany,
  getOwner,
  listActiveIds,
  missingSmallThumbs,
  setSmallThumb,
  usageByKind,
  type UsageKind,
} from './files.repository.js';
export {
  deleteLiveFile,
  freeNameInFolder,
  insertFile,
  linkUploadedContent,
  composeUploadedContent,
  setDeferredHash,
  recordActivity,
  giveMediaFacts,
  saveMediaFacts,
  setLastModified,
  shareUploadedContent,
  type MediaFacts,
} from './files.writer.js';
// Content stored once across accounts (issue 35): bytes saved, for the operator's dashboard.
export { savedBytes } from './files.content.js';
// An editor's save (issue 33): new content for the same file, quota by the difference.
// The WebDAV mount (issue 32) walks folders and changes items through the same code as the web.
export { listChildPositions } from './files.repository.js';
export { FileChangesService } from './files.changes.service.js';
// Version history (issue 33): an upload that replaces a file, an editor's save (office: replaceContent), who saves.
export { replaceByUpload, replaceContent, saverOf, type FileContent } from './files.versions.writer.js';
// The family library (issue 35): its rows are the adders' files with a family space.
export { copyIntoFamily, deleteHeld, holdFamilyItems, listExpiredHeld, setFamilySpace, trashFromFamily } from './files.family.writer.js';
