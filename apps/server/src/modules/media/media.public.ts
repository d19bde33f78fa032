// What other modules may use of the media module: which files it processes, the job that does it, and the media
// columns of a file nothing has been learnt about yet.
export { isMedia, MEDIA_PROCESS_JOB, mediaKindOf, NO_MEDIA, previewKey, thumbKey } from './media.facts.js';
