import { sql } from 'kysely';
import type { Executor } from '../../infra/db/executor.js';

/** What the holder of a public link is looking through: whose items, and which link (its items or its album). */
export interface LinkGrant {
  linkId: string;
  /** The link owner's account: a link never reaches another account's rows. */
  accountId: string;
  /** An album link grants the album's current live photos; null for a link to files and folders. */
  albumId: string | null;
  /** A live person or place link grants that entity's live photos as they are now; null otherwise. */
  entity?: { kind: 'person' | 'place'; id: string } | null;
}

/**
 * Of these ids, the ones a link grants: a live item the link names, or a live, unhidden item anywhere under a folder it
 * names (never the shared folder's parents); for an album link, the album's live, unhidden photos as they are now.
 * Trashed or deleted rows are simply not found, so a link stops reaching them at once.
 */
export async function linkGrantedIds(db: Executor, link: LinkGrant, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  if (link.entity) return entityGrantedIds(db, link.accountId, link.entity, ids);
  if (link.albumId !== null) {
    const rows = await db
      .selectFrom('album_file as m')
      .innerJoin('album as a', 'a.id', 'm.album_id')
      .innerJoin('file as f', 'f.id', 'm.file_id')
      .select('f.id')
      .where('m.album_id', '=', link.albumId)
      .where('a.account_id', '=', link.accountId)
      .where('a.status', '!=', 'TRASHED')
      .where('f.account_id', '=', link.accountId)
      .where('f.status', '=', 'ACTIVE')
      .where('f.hidden', '=', 0)
      .where('f.id', 'in', ids)
      .execute();
    return new Set(rows.map((r) => r.id));
  }
  // Walk up from each id through live rows until a row the link names; an id whose walk reaches one is granted.
  // Every step above the start must be unhidden unless it is the named item itself (the owner chose it).
  const rows = await db
    .withRecursive('up(start_id, id, parent_id, named)', (qc) =>
      qc
        .selectFrom('file as f')
        .leftJoin('share_link_item as i', (j) => j.onRef('i.file_id', '=', 'f.id').on('i.link_id', '=', link.linkId))
        .select(['f.id as start_id', 'f.id', 'f.parent_id', sql<number>`CASE WHEN i.file_id IS NULL THEN 0 ELSE 1 END`.as('named')])
        .where('f.account_id', '=', link.accountId)
        .where('f.status', '=', 'ACTIVE')
        .where('f.id', 'in', ids)
        .where((eb) => eb.or([eb('f.hidden', '=', 0), eb('i.file_id', 'is not', null)]))
        .unionAll((eb) =>
          eb
            .selectFrom('file as f')
            .innerJoin('up', 'up.parent_id', 'f.id')
            .leftJoin('share_link_item as i', (j) => j.onRef('i.file_id', '=', 'f.id').on('i.link_id', '=', link.linkId))
            .select(['up.start_id', 'f.id', 'f.parent_id', sql<number>`CASE WHEN i.file_id IS NULL THEN 0 ELSE 1 END`.as('named')])
            .where('up.named', '=', 0)
            .where('f.account_id', '=', link.accountId)
            .where('f.status', '=', 'ACTIVE')
            .where('f.is_folder', '=', 1)
            .where((eb) => eb.or([eb('f.hidden', '=', 0), eb('i.file_id', 'is not', null)])),
        ),
    )
    .selectFrom('up')
    .select('start_id')
    .where('named', '=', 1)
    .execute();
  return new Set(rows.map((r) => r.start_id));
}

/**
 * A person link: the owner's live, processed, unhidden photos with a face of that person, while the person is active
 * (a face taken away by "not this person" no longer counts). A place link: the owner's live, unhidden photos placed
 * there. The same photos the people and places modules show on the person's and place's pages.
 */
async function entityGrantedIds(
  db: Executor,
  accountId: string,
  entity: { kind: 'person' | 'place'; id: string },
  ids: readonly string[],
): Promise<Set<string>> {
  const rows = await db
    .selectFrom('file as f')
    .select('f.id')
    .where('f.account_id', '=', accountId)
    .where('f.status', '=', 'ACTIVE')
    .where('f.hidden', '=', 0)
    .where('f.id', 'in', ids)
    .$if(entity.kind === 'person', (qb) =>
      qb.where('f.media_status', '=', 'READY').where((eb) =>
        eb.exists(
          eb
            .selectFrom('face as x')
            .innerJoin('person as p', 'p.id', 'x.person_id')
            .select('x.id')
            .whereRef('x.file_id', '=', 'f.id')
            .where('x.person_id', '=', entity.id)
            .where('p.account_id', '=', accountId)
            .where('p.status', '=', 'ACTIVE'),
        ),
      ),
    )
    .$if(entity.kind === 'place', (qb) =>
      qb.where((eb) =>
        eb.exists(
          eb
            .selectFrom('file_place as l')
            .select('l.file_id')
            .whereRef('l.file_id', '=', 'f.id')
            .where('l.place_id', '=', entity.id)
            .where('l.account_id', '=', accountId),
        ),
      ),
    )
    .execute();
  return new Set(rows.map((r) => r.id));
}
