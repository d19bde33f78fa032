// What other modules may use of the upload module: the WebDAV mount (issue 32) stores a PUT through the same upload
// path as the web (quota reserved first, names rule, photos processed), as a whole-file upload.
export type { UploadService } from './upload.service.js';

