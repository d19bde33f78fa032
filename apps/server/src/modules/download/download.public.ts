// What other modules may use of the download module: the path parameter of signed-URL routes.
export { TokenParams } from './download.schemas.js';
