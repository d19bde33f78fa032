import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { OPENAPI_FILE, renderOpenApi } from './openapi.js';

interface Operation {
  operationId?: string;
}

describe('openapi.json', () => {
  it('is the document the route schemas produce', async () => {
    const generated = await renderOpenApi();
    const committed = fs.existsSync(OPENAPI_FILE) ? fs.readFileSync(OPENAPI_FILE, 'utf8') : '';
    if (committed !== generated) expect.fail('openapi.json is stale: run npm run openapi -w apps/server');

    // Every operation has its own explicit operationId: the web client's hook names come from it.
    const doc = JSON.parse(generated) as { paths: Record<string, Record<string, Operation>> };
    const operations = Object.entries(doc.paths).flatMap(([url, methods]) =>
      Object.entries(methods).map(([method, op]) => ({ route: `${method.toUpperCase()} ${url}`, id: op.operationId })),
    );
    expect(operations.filter((op) => !op.id).map((op) => op.route)).toEqual([]);
    const ids = operations.map((op) => op.id);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
    expect(operations.length).toBeGreaterThan(0);
  }, 60_000);
});
