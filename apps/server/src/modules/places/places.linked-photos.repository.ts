import { sql, type Expression, type SqlBool } from 'kysely';
import type { Executor } from '../../infra/db/executor.js';
import type { FileRow } from '../files/files.public.js';
import { MEDIA_KIND } from '../files/files.public.js';

/**
 * Photos linked to an entity (a place through file_place, a thing through file_thing), counted and listed over live
 * files only (ACTIVE, not hidden): trash, hide and recover need no write here. These read `file` directly, like the
 * album stats, so a page of entities is one grouped query over the link table's (account, entity) index.
 */
export interface PhotoLink {
  table: 'file_place' | 'file_thing';
  key: 'place_id' | 'thing_id';
}

export interface EntityCounts {
  id: string;
  imageCount: number;
  videoCount: number;
  photoCount: number;
}

const live = sql`f.status = 'ACTIVE' and f.hidden = 0`;

const toCounts = (r: { id: string; images: number | string; videos: number | string }): EntityCounts => ({
  id: r.id,
  imageCount: Number(r.images),
  videoCount: Number(r.videos),
  photoCount: Number(r.images) + Number(r.videos),
});

function counted(link: PhotoLink, accountId: string, only: readonly string[] | null) {
  const l = sql.table(link.table);
  const key = sql.ref(`l.${link.key}`);
  return sql<{ id: string; images: number; videos: number }>`
    select ${key} as id,
      sum(case when f.media_kind = ${MEDIA_KIND.video} then 0 else 1 end) as images,
      sum(case when f.media_kind = ${MEDIA_KIND.video} then 1 else 0 end) as videos
    from ${l} as l join file as f on f.id = l.file_id
    where l.account_id = ${accountId} and ${key} is not null and ${live}
      ${only ? sql`and ${key} in (${sql.join(only)})` : sql``}
    group by ${key}`;
}

/** The account's entities with at least one live photo, most photos first (ties by id, so pages are stable). */
export async function pageByCount(db: Executor, link: PhotoLink, accountId: string, page: number, size: number) {
  const rows = await sql<{ id: string; images: number; videos: number }>`
    select * from (${counted(link, accountId, null)}) as c
    order by (c.images + c.videos) desc, c.id limit ${size} offset ${page * size}`.execute(db);
  const total = await sql<{ n: number | string }>`select count(*) as n from (${counted(link, accountId, null)}) as c`.execute(db);
  return { rows: rows.rows.map(toCounts), total: Number(total.rows[0]?.n ?? 0) };
}

/** SQL: the entity whose id is `id` has a live photo (a correlated condition for search). */
export const hasLivePhoto = (link: PhotoLink, id: Expression<unknown>) =>
  sql<SqlBool>`exists (select 1 from ${sql.table(link.table)} as l join file as f on f.id = l.file_id
    where ${sql.ref(`l.${link.key}`)} = ${id} and ${live})`;

/** Live photo counts of some entities (absent: none). */
export async function countsOf(db: Executor, link: PhotoLink, accountId: string, ids: readonly string[]): Promise<Map<string, EntityCounts>> {
  if (ids.length === 0) return new Map();
  const rows = await counted(link, accountId, ids).execute(db);
  return new Map(rows.rows.map((r) => [r.id, toCounts(r)]));
}

/** Each entity's newest live photo, for its cover. */
export async function coversOf(db: Executor, link: PhotoLink, ids: readonly string[]): Promise<Map<string, FileRow>> {
  if (ids.length === 0) return new Map();
  const key = sql.ref(`l.${link.key}`);
  const rows = await sql<FileRow & { entity_id: string; rank: number | string }>`
    select * from (
      select f.*, ${key} as entity_id,
        row_number() over (partition by ${key} order by f.taken_at desc, f.id desc) as rank
      from ${sql.table(link.table)} as l join file as f on f.id = l.file_id
      where ${key} in (${sql.join(ids)}) and ${live}
    ) as r where r.rank = 1`.execute(db);
  return new Map(rows.rows.map(({ entity_id, rank: _rank, ...file }) => [entity_id, file as FileRow]));
}

/** An entity's live photos, newest first (or oldest first), by offset: entity streams are small. */
export async function photoIds(
  db: Executor,
  link: PhotoLink,
  accountId: string,
  id: string,
  q: { page: number; size: number; sortOrder: 'ASC' | 'DESC' },
): Promise<{ ids: string[]; total: number }> {
  const key = sql.ref(`l.${link.key}`);
  const from = sql`from ${sql.table(link.table)} as l join file as f on f.id = l.file_id
    where ${key} = ${id} and l.account_id = ${accountId} and ${live}`;
  const dir = q.sortOrder === 'ASC' ? sql`asc` : sql`desc`;
  const rows = await sql<{ id: string }>`select f.id ${from} order by f.taken_at ${dir}, f.id ${dir} limit ${q.size} offset ${q.page * q.size}`.execute(db);
  const total = await sql<{ n: number | string }>`select count(*) as n ${from}`.execute(db);
  return { ids: rows.rows.map((r) => r.id), total: Number(total.rows[0]?.n ?? 0) };
}
