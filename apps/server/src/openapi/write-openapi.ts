import fs from 'node:fs';
import { OPENAPI_FILE, renderOpenApi } from './openapi.js';

/** `npm run openapi -w apps/server`: rewrites openapi.json from the route schemas. */
fs.writeFileSync(OPENAPI_FILE, await renderOpenApi());
console.log(`wrote ${OPENAPI_FILE}`);
