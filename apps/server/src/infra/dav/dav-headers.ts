import { BadRequestDav, DavError } from './dav-errors.js';

export type Depth = 0 | 1 | 'infinity';

/** Depth as sent; `fallback` when absent (RFC 4918: infinity for PROPFIND, COPY and LOCK). */
export function parseDepth(raw: string | undefined, fallback: Depth): Depth {
  if (raw === undefined) return fallback;
  const v = raw.trim().toLowerCase();
  if (v === '0') return 0;
  if (v === '1') return 1;
  if (v === 'infinity') return 'infinity';
  throw BadRequestDav('Depth must be 0, 1 or infinity.');
}

/** PROPFIND answers at most one level: an infinite walk of a large tree is refused with the standard precondition. */
export function propfindDepth(raw: string | undefined): 0 | 1 {
  const depth = parseDepth(raw, 'infinity');
  if (depth === 'infinity') throw new DavError(403, 'propfind-finite-depth', 'Depth infinity is not supported.');
  return depth;
}

export function parseOverwrite(raw: string | undefined): boolean {
  if (raw === undefined) return true;
  const v = raw.trim().toUpperCase();
  if (v === 'T') return true;
  if (v === 'F') return false;
  throw BadRequestDav('Overwrite must be T or F.');
}

/** The path part of a Destination header, percent-decoded; a destination on another server answers 502 (RFC 4918 §9.8.4). */
export function parseDestination(raw: string | undefined, host: string | undefined): string {
  if (!raw) throw BadRequestDav('Destination is required.');
  let url: URL;
  try {
    url = new URL(raw, `http://${host ?? 'localhost'}`);
  } catch {
    throw BadRequestDav('Destination is not a URL.');
  }
  if (/^[a-z]+:/i.test(raw) && host && url.host !== new URL(`http://${host}`).host) throw new DavError(502, null, 'Destination is on another server.');
  return decodePath(url.pathname);
}

export function decodePath(pathname: string): string {
  try {
    return decodeURIComponent(pathname);
  } catch {
    throw BadRequestDav('The path is not valid percent-encoding.');
  }
}

/** Seconds asked in a Timeout header (`Second-600`, `Infinite`), clamped to what the server grants. */
export function parseTimeout(raw: string | undefined, maxSeconds: number, defaultSeconds: number): number {
  if (!raw) return defaultSeconds;
  for (const part of raw.split(',')) {
    const v = part.trim();
    if (/^infinite$/i.test(v)) return maxSeconds;
    const m = /^second-(\d{1,10})$/i.exec(v);
    if (m) return Math.max(1, Math.min(Number(m[1]), maxSeconds));
  }
  return defaultSeconds;
}

/** One condition of an If header: a state token (lock token) or an entity tag, possibly negated. */
export interface IfCondition {
  not: boolean;
  token?: string;
  etag?: string;
}

/** A list of conditions that must all hold, optionally tagged with the resource it is about. */
export interface IfList {
  resource: string | null;
  conditions: IfCondition[];
}

/** Parses the If header of RFC 4918 §10.4 (tagged and untagged lists). */
export function parseIf(raw: string | undefined): IfList[] {
  if (!raw) return [];
  const lists: IfList[] = [];
  let resource: string | null = null;
  let i = 0;
  const s = raw;
  while (i < s.length) {
    const c = s[i]!;
    if (c === ' ' || c === '\t') {
      i++;
    } else if (c === '<') {
      const end = s.indexOf('>', i);
      if (end < 0) throw BadRequestDav('Malformed If header.');
      resource = s.slice(i + 1, end);
      i = end + 1;
    } else if (c === '(') {
      const end = s.indexOf(')', i);
      if (end < 0) throw BadRequestDav('Malformed If header.');
      lists.push({ resource, conditions: parseConditions(s.slice(i + 1, end)) });
      i = end + 1;
    } else {
      throw BadRequestDav('Malformed If header.');
    }
  }
  return lists;
}

function parseConditions(body: string): IfCondition[] {
  const out: IfCondition[] = [];
  const re = /\s*(Not\s+)?(?:<([^>]*)>|\[([^\]]*)\])/giy;
  let m: RegExpExecArray | null;
  let consumed = 0;
  while ((m = re.exec(body)) !== null) {
    out.push({ not: Boolean(m[1]), ...(m[2] !== undefined ? { token: m[2] } : { etag: m[3]! }) });
    consumed = re.lastIndex;
  }
  if (body.slice(consumed).trim() !== '' || out.length === 0) throw BadRequestDav('Malformed If header.');
  return out;
}

/** Every lock token an If header submits (a client proves it holds a lock by naming it anywhere in the header). */
export const submittedTokens = (lists: readonly IfList[]) =>
  lists.flatMap((l) => l.conditions.filter((c) => !c.not && c.token !== undefined).map((c) => c.token!));

/** If-Match / If-None-Match against a resource's ETag (null: the resource does not exist). */
export function checkEtagHeaders(ifMatch: string | undefined, ifNoneMatch: string | undefined, etag: string | null): void {
  if (ifMatch !== undefined) {
    const tags = ifMatch.split(',').map((t) => t.trim());
    if (etag === null || !(tags.includes('*') || tags.includes(etag))) throw new DavError(412, null, 'If-Match failed.');
  }
  if (ifNoneMatch !== undefined) {
    const tags = ifNoneMatch.split(',').map((t) => t.trim());
    if (etag !== null && (tags.includes('*') || tags.includes(etag))) throw new DavError(412, null, 'If-None-Match failed.');
  }
}
