/// <reference types="node" />
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { OPS_PERMISSIONS } from './types';

// The shapes are the generated client's (types.ts; client-codegen.test.ts keeps that in step with openapi.json). The
// permission names are not a schema, so they are compared with the routes' declarations here.
const openapi = JSON.parse(
  fs.readFileSync(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../server/openapi.json'), 'utf8'),
) as { paths: Record<string, Record<string, { 'x-permission'?: string }>> };

describe('console API types', () => {
  it('name exactly the operator permissions the console routes declare', () => {
    const declared = new Set<string>();
    for (const [route, operations] of Object.entries(openapi.paths)) {
      if (!route.startsWith('/api/ops/')) continue;
      for (const operation of Object.values(operations)) if (operation['x-permission']) declared.add(operation['x-permission']);
    }
    expect([...OPS_PERMISSIONS].sort()).toEqual([...declared].sort());
  });
});
