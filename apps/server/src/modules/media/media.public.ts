// What other modules may use of the media module: which files it processes, the job that does it, and the media
// columns of a file nothing has been learnt about yet.
export { exifDate, exifDay, isMedia, MEDIA_PROCESS_JOB, mediaKindOf, NO_MEDIA, previewKey, SMALL_THUMBS_SCHEDULE, smallThumbKey, thumbKey } from './media.facts.js';
// HEIC decoding for other images the app re-encodes (the profile photo).
export { decodeHeif, isHeifFile } from './media.heif.js';
// The hook that lets recognition modules act on a processed photo in the same transaction.
export type { MediaProcessedListener, ProcessedMedia, MediaService } from './media.service.js';
// The same thumbnails and preview for the first page of a document (issue 33: the office module renders it to PNG first).
export { renderImage, type Rendered } from './media.render.js';
export { MediaDecodeError } from './media.tools.js';
