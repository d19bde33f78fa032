import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';

/** The committed document, beside package.json, that the web client is generated from. */
export const OPENAPI_FILE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../openapi.json');

/** Objects with their keys sorted (arrays keep their order), so the file only changes when a schema does. */
function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((key) => [key, sortKeys((value as Record<string, unknown>)[key])]),
  );
}

/** Builds the real app on a throwaway SQLite file (no web dist) and returns its OpenAPI document as file text. */
export async function renderOpenApi(): Promise<string> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bulut-openapi-'));
  try {
    const config = loadConfig({ DATA_DIR: dataDir, WEB_DIST_DIR: '', LOG_LEVEL: 'silent' });
    const app = await buildApp(config);
    try {
      await app.ready();
      return `${JSON.stringify(sortKeys(app.swagger()), null, 2)}\n`;
    } finally {
      await app.close();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
