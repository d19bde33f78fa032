// What other modules may use of the download module: the path parameter of signed-URL routes, and the Range header
// parsing (For-you videos answer ranges so a <video> can seek).
export { TokenParams } from './download.schemas.js';
export { parseRange, type ByteRange } from './download.headers.js';
