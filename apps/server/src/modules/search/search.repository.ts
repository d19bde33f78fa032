import { sql, type Expression, type SelectQueryBuilder, type SqlBool } from 'kysely';
import type { Dialect } from '../../infra/db/database.js';
import { fullTextHits, fullTextMatch, unindexed, type FullTextGroup, type FullTextPart } from '../../infra/db/dialect.js';
import type { Executor } from '../../infra/db/executor.js';
import type { DB } from '../../infra/db/schema.js';
import {
  SEARCH_KINDS,
  type EntityKind,
  type SearchDocumentType,
  type SearchKind,
  type SearchSubjectKind,
} from '../search-index/search-index.public.js';
import { grantedFileIds, grantingOwners } from '../private-shares/private-shares.public.js';
import { now } from '../../shared/time.js';

// Reads of the search index (owned by the search-index module). Everything a search filters and orders by is in
// `search_entry` (kept current by the writer and by triggers), so pages and counts are read from its indexes alone;
// only the page's own rows are read from file and album, to present them. How each read is planned (PROFILE in
// docs/decisions.md, "Search speed"): a part of the result with few full-text hits is read from those hits and sorted;
// one with many is an ordered walk of the account's entries that stops as soon as the page is full, so its cost does
// not grow with the number of hits. Counts stop at COUNT_LIMIT for the same reason.

/** Whose items a caller searches, with the project id their file items carry. */
export interface SearchOwner {
  accountId: string;
  projectId: string;
}

/** The caller's own items, and the files live shares give the caller (their owners carry the project id to open them in). */
export interface SearchScope {
  own: SearchOwner;
  sharers: SearchOwner[];
}

/** The one place that decides whose items a search covers: the caller's own, and what the shares module grants. */
export async function searchScope(db: Executor, caller: SearchOwner): Promise<SearchScope> {
  const sharers = (await grantingOwners(db, caller.accountId, now())).filter((s) => s.accountId !== caller.accountId);
  return { own: caller, sharers };
}

/** A part with at most this many full-text hits (all accounts) is read from its hits; more, by an ordered walk. */
const LEAD_LIMIT = 3000;
/** Each count stops here: a count equal to it means "at least". */
export const COUNT_LIMIT = 1000;

export interface HitFilter {
  dialect: Dialect;
  groups: readonly FullTextGroup[];
  /** The caller: their own entries. */
  owner: string;
  /** Live shares give the caller files of others: those are searched too (live, not hidden ones only). */
  shared: boolean;
  showHidden: boolean;
  showTrashed: boolean;
  kind?: SearchKind;
  documentType?: SearchDocumentType;
  /** The condition on `e` that a person, place or thing has something to show (see `shownEntities`); none: all. */
  shown?: Expression<SqlBool>;
}

/**
 * Entities of these kinds are entries only while their module's condition holds (a live photo): trashing, hiding or
 * deleting a photo writes nothing to the entity's entry, so it is checked here, per hit, through the entity's own
 * link index. Files, albums and kinds without a condition pass.
 */
export function shownEntities(rules: ReadonlyArray<{ kind: EntityKind; shown: (id: Expression<unknown>) => Expression<SqlBool> }>) {
  if (rules.length === 0) return undefined;
  const id = sql.ref('e.subject_id');
  const each = rules.map((r) => sql<SqlBool>`(e.subject_kind = ${r.kind} AND ${r.shown(id)})`);
  return sql<SqlBool>`(e.subject_kind NOT IN (${sql.join(rules.map((r) => r.kind))}) OR ${sql.join(each, sql` OR `)})`;
}

export type HitOrder = 'relevance' | 'name' | 'lastModifiedDate' | 'takenDate';

/**
 * The ranks of a relevance order, each newest first: 0 an exact name (the folded query equals the folded name, or the
 * name without its extension), 1 every query word starts a word of the name, 2 any other hit (description, camera, date).
 */
type Part = 'exact' | FullTextPart;

export interface HitRow {
  subject_kind: SearchSubjectKind;
  subject_id: string;
  kind: SearchKind;
}

/** The columns of the exact-name index after the name (migration 2026-11-30T0500_search_state). */
const EXACT_INDEX = ['owner_id', 'status', 'hidden'];

type EntryQuery = SelectQueryBuilder<DB & { e: DB['search_entry'] }, 'e', object>;

/** "a b pdf" → ["a b pdf", "a b"]: an exact hit's name without extension is the query, or the query less its last word. */
const exactCandidates = (text: string) => {
  const cut = text.lastIndexOf(' ');
  return cut > 0 ? [text, text.slice(0, cut)] : [text];
};

export class HitReader {
  private readonly leads = new Map<Part, Promise<boolean>>();

  constructor(
    private readonly db: Executor,
    private readonly f: HitFilter,
    /** The folded query. */
    private readonly text: string,
    /** Tests set it to force either read (0: always walk; very large: always from the hits). */
    private readonly leadLimit = LEAD_LIMIT,
  ) {}

  /** Whether a part is read from its full-text hits (few) rather than by an ordered walk (many); asked once per part. */
  private lead(part: Part): Promise<boolean> {
    if (part === 'exact') return Promise.resolve(false);
    let answer = this.leads.get(part);
    if (!answer) {
      answer = fullTextHits(this.db, this.f.dialect, this.f.groups, part, this.leadLimit + 1).then((n) => n === null || n <= this.leadLimit);
      this.leads.set(part, answer);
    }
    return answer;
  }

  /** The condition of a part on `e`. */
  private match(part: Part, lead: boolean) {
    const { dialect, groups } = this.f;
    const exact = sql<SqlBool>`(e.name_exact = ${this.text} OR e.name = ${this.text})`;
    if (part === 'exact') return sql<SqlBool>`(e.name_exact IN (${sql.join(exactCandidates(this.text))}) AND ${exact})`;
    const hit = fullTextMatch(dialect, groups, { part, lead });
    return part === 'name' ? sql<SqlBool>`(${hit} AND NOT ${exact})` : hit;
  }

  /**
   * The caller's entries of a part that the filter lets through. Which index leads is chosen here, as SQLite has no
   * statistics to choose by: the hits (`lead`), the recency or kind index (a walk), or the exact-name index. `byKind`
   * takes the kind and document type from an outer row `k` (the counts).
   */
  private own(part: Part, lead: boolean, live = false, byKind = false): EntryQuery {
    const f = this.f;
    const exact = part === 'exact';
    const col = (c: string) => (lead || (exact && !EXACT_INDEX.includes(c)) ? unindexed(f.dialect, `e.${c}`) : sql.ref(`e.${c}`));
    const statuses = live || !f.showTrashed ? ['ACTIVE'] : ['ACTIVE', 'TRASHED'];
    const hidden = live || !f.showHidden ? [0] : [0, 1];
    let q = this.db
      .selectFrom('search_entry as e')
      .where(sql<SqlBool>`${col('owner_id')} = ${f.owner}`)
      .where(sql<SqlBool>`${col('status')} IN (${sql.join(statuses)})`)
      .where(sql<SqlBool>`${col('hidden')} IN (${sql.join(hidden)})`);
    if (byKind) q = q.where(sql<SqlBool>`${col('kind')} = k.kind AND (k.doc IS NULL OR ${col('document_type')} = k.doc)`);
    if (f.kind) q = q.where(sql<SqlBool>`${col('kind')} = ${f.kind}`);
    if (f.kind && f.kind !== 'DOCUMENT') q = q.where(sql<SqlBool>`${col('document_type')} IS NULL`);
    if (f.documentType) q = q.where(sql<SqlBool>`${col('document_type')} = ${f.documentType}`);
    const shown = this.shown(byKind);
    if (shown) q = q.where(shown);
    return q.where(this.match(part, lead));
  }

  /**
   * The "shown" condition where it can matter: people, places and things are `ALBUM` entries, so a query for any other
   * kind leaves it out, and without a kind it is guarded by the entry's kind (by the outer kind `k` in the counts). A
   * file's entry then never reads its subject kind, and the counts stay within the kind index (PROFILE in
   * docs/decisions.md, "Search speed").
   */
  private shown(byKind: boolean): Expression<SqlBool> | null {
    const f = this.f;
    if (!f.shown || (f.kind !== undefined && f.kind !== 'ALBUM')) return null;
    if (f.kind === 'ALBUM') return f.shown;
    const kind = byKind ? sql.ref('k.kind') : sql.ref('e.kind');
    return sql<SqlBool>`(${kind} <> ${'ALBUM'} OR ${f.shown})`;
  }

  /** Files of others that live shares give the caller: only live, visible ones, whatever the flags. */
  private shared(part: Part, byKind = false): EntryQuery | null {
    const f = this.f;
    if (!f.shared || f.kind === 'ALBUM') return null;
    let q = this.db
      .selectFrom('search_entry as e')
      .where('e.subject_kind', '=', 'file')
      .where('e.subject_id', 'in', grantedFileIds(this.db, f.owner, now()))
      .where('e.owner_id', '<>', f.owner)
      .where('e.status', '=', 'ACTIVE')
      .where('e.hidden', '=', 0);
    if (byKind) q = q.where(sql<SqlBool>`e.kind = k.kind AND (k.doc IS NULL OR e.document_type = k.doc)`);
    if (f.kind) q = q.where('e.kind', '=', f.kind);
    if (f.kind && f.kind !== 'DOCUMENT') q = q.where('e.document_type', 'is', null);
    if (f.documentType) q = q.where('e.document_type', '=', f.documentType);
    // The granted files lead (usually fewer than the hits); the hits are the set they are checked against.
    return q.where(this.match(part, false));
  }

  /** Rows `offset`..`offset + limit` of one part in `order`. */
  private async rows(part: Part, order: HitOrder, direction: 'asc' | 'desc', limit: number, offset: number, live = false): Promise<HitRow[]> {
    const key = order === 'name' ? 'e.sort_name' : order === 'takenDate' ? 'e.taken_at' : 'e.modified_at';
    // Exact hits are read through the exact-name index and sorted: without statistics SQLite otherwise walked the
    // whole account in order for a query of two words (two exact candidates), ~150 ms at 100,000 files.
    const sortKey = part === 'exact' ? unindexed(this.f.dialect, key) : sql.ref(key);
    const ordered = (q: EntryQuery) =>
      q
        .select(['e.subject_kind', 'e.subject_id', 'e.kind', 'e.seq', sql.ref<string | number>(key).as('sort_key')])
        .orderBy(sortKey, direction)
        .orderBy('e.seq', direction);
    // Only recency can be walked in order; a name or capture-date sort reads its hits and sorts them.
    const lead = order === 'relevance' || order === 'lastModifiedDate' ? await this.lead(part) : true;
    const own = ordered(this.own(part, lead, live));
    const shared = this.shared(part);
    if (!shared) return own.limit(limit).offset(offset).execute();
    const db = this.db;
    const branch = (q: ReturnType<typeof ordered>, alias: string) => db.selectFrom(q.limit(offset + limit).as(alias)).selectAll();
    return db
      .selectFrom(branch(own, 'o').unionAll(branch(ordered(shared), 's')).as('h'))
      .select(['h.subject_kind', 'h.subject_id', 'h.kind'])
      .orderBy('h.sort_key', direction)
      .orderBy('h.seq', direction)
      .limit(limit)
      .offset(offset)
      .execute();
  }

  /** How many rows a part has, stopping at `cap`. */
  private async count(part: Part, cap: number, live = false): Promise<number> {
    const lead = await this.lead(part);
    const capped = (q: EntryQuery) => q.select('e.seq').limit(cap);
    const shared = this.shared(part);
    const counted = (q: EntryQuery) =>
      this.db
        .selectFrom(capped(q).as('c'))
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
    let n = Number((await counted(this.own(part, lead, live))).n);
    if (shared && n < cap) n += Number((await counted(shared)).n);
    return Math.min(n, cap);
  }

  /** One page in `order`: the ranks one after another for relevance, each read only as far as the page needs. */
  async page(
    order: HitOrder,
    direction: 'asc' | 'desc',
    offset: number,
    limit: number,
    { live = false, namesOnly = false }: { live?: boolean; namesOnly?: boolean } = {},
  ): Promise<HitRow[]> {
    const parts: Part[] = namesOnly ? ['exact', 'name'] : order === 'relevance' ? ['exact', 'name', 'rest'] : ['all'];
    const out: HitRow[] = [];
    let skip = offset;
    for (const part of parts) {
      const want = limit - out.length;
      if (want === 0) break;
      const rows = await this.rows(part, order, order === 'relevance' ? 'desc' : direction, want, skip, live);
      out.push(...rows);
      // A part that returned nothing from `skip` on had at most `skip` rows: the next part starts that much earlier.
      if (rows.length === 0 && skip > 0) skip -= await this.count(part, skip, live);
      else skip = 0;
    }
    return out;
  }

  /**
   * Hits of each kind (and of the asked document type), each stopping at COUNT_LIMIT. On SQLite in one statement: the
   * hit set of a walk is built once for all kinds, and each kind walks its own stretch of the kind index.
   */
  async counts(): Promise<{ kind: SearchKind; documentType: SearchDocumentType | null; n: number }[]> {
    const f = this.f;
    const groups: Array<{ kind: SearchKind; documentType: SearchDocumentType | null }> = SEARCH_KINDS.map((kind) => ({ kind, documentType: null }));
    if (f.documentType) groups.push({ kind: 'DOCUMENT', documentType: f.documentType });
    // Every kind is counted, whatever kind the page shows.
    const all = new HitReader(this.db, { ...f, kind: undefined, documentType: undefined }, this.text, this.leadLimit);
    const lead = await this.lead('all');
    if (f.dialect === 'postgres') {
      // PostgreSQL plans each kind with the kind as a constant (a correlated kind made it read every hit per kind). The
      // kinds are asked at once: each statement takes its own pooled connection, so the search waits for the slowest
      // count rather than their sum (in a transaction they simply queue on its connection).
      return Promise.all(
        groups.map(async (g) => {
          const reader = new HitReader(this.db, { ...f, kind: g.kind, documentType: g.documentType ?? undefined }, this.text, this.leadLimit);
          return { ...g, n: await reader.count('all', COUNT_LIMIT) };
        }),
      );
    }
    const counted = (q: EntryQuery | null) =>
      q ? sql<number>`(SELECT count(*) FROM (${q.select('e.seq').limit(COUNT_LIMIT)}) c)` : sql<number>`0`;
    const kinds = sql.join(
      groups.map((g) => sql`SELECT ${g.kind} AS kind, CAST(${g.documentType} AS VARCHAR(16)) AS doc`),
      sql` UNION ALL `,
    );
    const { rows } = await sql<{ kind: SearchKind; doc: SearchDocumentType | null; own: number; shared: number }>`
      SELECT k.kind, k.doc, ${counted(all.own('all', lead, false, true))} AS own, ${counted(all.shared('all', true))} AS shared
      FROM (${kinds}) k`.execute(this.db);
    return rows.map((r) => ({ kind: r.kind, documentType: r.doc, n: Math.min(Number(r.own) + Number(r.shared), COUNT_LIMIT) }));
  }
}

/** Display names of the subjects of suggestions: file names and album labels, by id. */
export async function subjectNames(db: Executor, fileIds: readonly string[], albumIds: readonly string[]): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  if (fileIds.length > 0) for (const r of await db.selectFrom('file').select(['id', 'name']).where('id', 'in', fileIds).execute()) names.set(r.id, r.name);
  if (albumIds.length > 0) for (const r of await db.selectFrom('album').select(['id', 'label']).where('id', 'in', albumIds).execute()) names.set(r.id, r.label);
  return names;
}

/** The caller's months with photos among `months` (1..12), in `year` when given, newest first. */
export async function monthsWithPhotos(db: Executor, owner: string, months: readonly number[], year: number | null, limit: number) {
  const rows = await db
    .selectFrom('search_entry')
    .select('taken_month')
    .distinct()
    .where('owner_id', '=', owner)
    .where('taken_month', 'is not', null)
    .where(sql<number>`taken_month % 100`, 'in', months)
    .$if(year !== null, (qb) => qb.where('taken_month', '>=', year! * 100).where('taken_month', '<', (year! + 1) * 100))
    .orderBy('taken_month', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => r.taken_month!);
}

/**
 * Camera names of the caller's live, visible files with a camera word starting with each query word. The distinct
 * cameras are stepped through the camera index one seek each (an account has a handful), not read from every photo.
 */
export async function cameraSuggestions(db: Executor, owner: string, words: readonly string[], limit: number) {
  const likes = words.map((w) => sql<SqlBool>`(' ' || cam.c) LIKE ${`% ${w}%`}`);
  const { rows } = await sql<{ camera: string | null }>`
    WITH RECURSIVE cam(c) AS (
      SELECT MIN(camera) FROM search_entry WHERE owner_id = ${owner} AND camera > ''
      UNION ALL
      SELECT (SELECT MIN(camera) FROM search_entry WHERE owner_id = ${owner} AND camera > cam.c) FROM cam WHERE cam.c IS NOT NULL
    ), one(c, id) AS (
      SELECT cam.c, (SELECT e.subject_id FROM search_entry e
                     WHERE e.owner_id = ${owner} AND e.camera = cam.c AND e.status = 'ACTIVE' AND e.hidden = 0 LIMIT 1)
      FROM cam WHERE cam.c IS NOT NULL AND ${sql.join(likes, sql` AND `)}
    )
    SELECT f.camera FROM one JOIN file f ON f.id = one.id ORDER BY one.c LIMIT ${limit}`.execute(db);
  return rows.flatMap((r) => (r.camera ? [r.camera] : []));
}
