// What other modules may use of the download module: the path parameter of signed-URL routes, and the Range header
// parsing (For-you videos answer ranges so a <video> can seek).
export { TokenParams } from './download.schemas.js';
export { parseRange, type ByteRange } from './download.headers.js';
// Download all my data (issue 34) names its archive entries and its attachment the same way as the zip download.
export { safeSegment } from './download.zip.js';
export { contentDisposition } from './download.headers.js';
