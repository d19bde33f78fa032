/// <reference types="node" />
import fs from 'node:fs';
import path from 'node:path';
import { GENERATED_DIR, renderClient } from './client-codegen';

/** `npm run generate:api -w apps/web`: rewrites src/api/generated/ (or the directory given) from the server's openapi.json. */
const dir = process.argv[2] ? path.resolve(process.argv[2]) : GENERATED_DIR;
const files = await renderClient();
fs.rmSync(dir, { recursive: true, force: true });
fs.mkdirSync(dir, { recursive: true });
for (const [name, text] of files) fs.writeFileSync(path.join(dir, name), text);
console.log(`wrote ${files.size} files to ${dir}`);
