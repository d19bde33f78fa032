// What other modules may use of the office module: the preview job that uploads of documents enqueue.
export { needsDocumentPreview, OFFICE_PREVIEW_JOB } from './office.preview.js';
