import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Type } from 'typebox';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { isConsoleUrl } from '../operator-context.js';

/**
 * Privacy by construction (issue 27): no console response may carry what a subscriber stores. This walks every
 * /api/ops/* response schema and fails on a property whose name suggests stored content. Names of people and plans
 * are allowed only where the list below says why, and never under a file, album, share or other content object.
 */

/** Property names that suggest stored content (case-insensitive, whole name unless the pattern says otherwise). */
const DENY: ReadonlyArray<[RegExp, string]> = [
  [/^(file|folder|album|original|display)?names?$/i, 'names of stored things'],
  [/^(path|fullPath|parentPath|filePath|key|blobKey|storageKey)$/i, 'where a file lives'],
  [/^(title|caption|description|comment|comments|note|notes|memo|subject|body|text|content|contents)$/i, 'text a subscriber wrote or stored'],
  [/thumb|preview|poster|download|signedUrl|mediaUrl|fileUrl/i, 'a way to see stored content'],
  [/contact|addressBook|vcard/i, 'contacts'],
  [/message/i, 'messages of shares and conversations'],
  [/face|crop|descriptor|embedding/i, 'face data'],
  [/^(query|queries|searchHistory|recentSearches|searches|history)$/i, 'search history'],
  [/^(lat|lng|lon|latitude|longitude|gps|exif|location|placeName|city)$/i, 'where a photo was taken'],
  [/^(tags|labels|things|people|persons|places)$/i, 'what photos show'],
];

/** Where a denied name is fine, and why (route, then the property's path in the answer). */
const ALLOW: ReadonlyArray<{ route: RegExp; path: RegExp; why: string }> = [
  {
    route: /^(GET|POST|PUT) \/api\/ops\/(me|operators|setup|auth)\b/,
    path: /^(name|operator\.name|items\[\]\.name)$/,
    why: "an operator's own name: staff data, not a subscriber's content",
  },
  {
    route: /^(GET|POST|PUT) \/api\/ops\/(subscribers|orders)\b/,
    path: /(^|\.)(name|surname|subscriberName|planName)$/,
    why: "the subscriber's (or a family member's) display name and their plan's name: the operator confirms identity on the phone",
  },
  { route: /^(GET|POST|PUT) \/api\/ops\/plans\b/, path: /(^|\.)(name|names)$/, why: "the plan catalogue's names in each language" },
  { route: /^(GET|POST|PUT) \/api\/ops\/config\b/, path: /(^|\.)(name|history(\[\])?)$/, why: "a remote-configuration key's name and its change history" },
  { route: /^(GET|POST|PUT) \/api\/ops\/draw\b/, path: /^texts\.[a-z]{2}\.title$/, why: "a prize-draw campaign's own title in each language, written by the operator" },

  {
    route: /^(GET|POST|PUT) \/api\/ops\/campaigns\b/,
    path: /(^|\.)(name|title)$/,
    why: "a campaign's own name and marketing titles, written by operators in the console: no subscriber's content",
  },
  { route: /^(GET|POST) \/api\/ops\/(orders|reconciliation)\b/, path: /(^|\.)(description|title)$/, why: 'an order line names the package sold, not stored content' },
  // Issue 29: the one deliberate exception. Support agents read what the subscriber wrote TO SUPPORT (chat messages,
  // feedback, the files they attached to the chat): that conversation is the service asked for. Never their cloud files.
  {
    route: /^(GET|POST) \/api\/ops\/support\/(tickets|inbox|feedback)\b/,
    path: /^(messages(\[\])?(\.(text|authorName|attachment\.name))?|message(\.(text|authorName|attachment\.name))?|items\[\]\.preview|feedback\.text|attachment\.name|ticket\.assigneeName|items\[\]\.assigneeName|subscriber\.name)$/,
    why: 'support-chat messages and feedback the subscriber sent to support (the support role answers them), the attachment names they sent, agent names, and the subscriber\'s display name to greet them',
  },
  { route: /^(GET|POST|PUT) \/api\/ops\/support\/(canned|agents)\b/, path: /^(item\.(title|text)|items\[\]\.(title|text|name))$/, why: "the agents' canned replies and names: staff data" },
];

/** A path segment that is stored content: nothing beneath it is allowed by the list above. */
const CONTENT_CONTAINER = /file|folder|album|photo|video|share|link|person|people|place|thing|memor|story|upload|media|document/i;

type Json = Record<string, unknown>;

/** Every property path of a JSON schema (arrays as `[]`), following $ref to the app's shared schemas. */
export function propertyPaths(schema: unknown, resolve: (ref: string) => unknown, seen = new Set<unknown>()): string[] {
  const out: string[] = [];
  const walk = (s: unknown, path: string) => {
    if (!s || typeof s !== 'object' || seen.has(s)) return;
    const node = s as Json;
    if (typeof node.$ref === 'string') {
      seen.add(s);
      walk(resolve(node.$ref), path);
      seen.delete(s);
      return;
    }
    for (const [key, child] of Object.entries((node.properties as Json | undefined) ?? {})) {
      const p = path ? `${path}.${key}` : key;
      out.push(p);
      walk(child, p);
    }
    if (node.items) walk(node.items, `${path}[]`);
    if (node.additionalProperties && typeof node.additionalProperties === 'object') walk(node.additionalProperties, `${path}.*`);
    for (const child of Object.values((node.patternProperties as Json | undefined) ?? {})) walk(child, `${path}.*`);
    for (const branch of [...((node.anyOf as unknown[]) ?? []), ...((node.oneOf as unknown[]) ?? []), ...((node.allOf as unknown[]) ?? [])]) walk(branch, path);
  };
  walk(schema, '');
  return out;
}

/** The findings for one route's answers: each denied property not allowed by the list. */
export function privacyFindings(route: string, responses: Record<string, unknown>, resolve: (ref: string) => unknown): string[] {
  const findings: string[] = [];
  for (const [status, schema] of Object.entries(responses)) {
    if (!/^2/.test(status)) continue;
    for (const path of propertyPaths(schema, resolve)) {
      const name = path.split('.').at(-1)!.replace(/\[\]$/, '');
      const deny = DENY.find(([re]) => re.test(name));
      if (!deny) continue;
      const parents = path.split('.').slice(0, -1).map((s) => s.replace(/\[\]$/, ''));
      const inContent = parents.some((p) => CONTENT_CONTAINER.test(p));
      if (!inContent && ALLOW.some((a) => a.route.test(route) && a.path.test(path))) continue;
      findings.push(`${route} ${status} ${path}: ${deny[1]}`);
    }
  }
  return findings;
}

describe('console responses never carry stored content (privacy schema walk)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('sqlite');
    await t.app.ready();
  });
  afterAll(async () => {
    await t.close();
  });

  it('walks every /api/ops/* response schema', () => {
    const shared = t.app.getSchemas() as Record<string, unknown>;
    const resolve = (ref: string) => shared[ref.replace(/#.*$/, '')];
    const routes = t.app.routeTable.filter((r) => isConsoleUrl(r.url) && r.method !== 'HEAD');
    expect(routes.length).toBeGreaterThanOrEqual(13);
    const findings: string[] = [];
    let walked = 0;
    for (const r of routes) {
      const responses = (r.schema.response ?? {}) as Record<string, unknown>;
      expect(Object.keys(responses).some((s) => /^2/.test(s)), `${r.method} ${r.url} declares its answer`).toBe(true);
      walked++;
      findings.push(...privacyFindings(`${r.method} ${r.url}`, responses, resolve));
    }
    expect(walked).toBe(routes.length);
    expect(findings).toEqual([]);
  });

  it('the walk itself catches content fields, also inside arrays, unions and refs, and under an allowed route', () => {
    const File = Type.Object({ id: Type.String(), name: Type.String(), sizeBytes: Type.Integer() }, { $id: 'PlantedFile' });
    const schema = Type.Object({
      name: Type.String(),
      files: Type.Array(Type.Ref('PlantedFile')),
      recent: Type.Union([Type.Null(), Type.Object({ thumbnailUrl: Type.String() })]),
      search: Type.Object({ query: Type.String() }),
      usage: Type.Array(Type.Object({ kind: Type.String(), files: Type.Integer(), bytes: Type.Integer() })),
    });
    const resolve = (ref: string) => (ref === 'PlantedFile' ? File : undefined);
    expect(privacyFindings('GET /api/ops/subscribers/:id', { 200: schema }, resolve)).toEqual([
      'GET /api/ops/subscribers/:id 200 files[].name: names of stored things',
      'GET /api/ops/subscribers/:id 200 recent.thumbnailUrl: a way to see stored content',
      'GET /api/ops/subscribers/:id 200 search.query: search history',
    ]);
    // The same top-level name on a route the allow list does not cover is refused too.
    expect(privacyFindings('GET /api/ops/dashboard', { 200: Type.Object({ name: Type.String() }) }, resolve)).toEqual([
      'GET /api/ops/dashboard 200 name: names of stored things',
    ]);
  });
});
