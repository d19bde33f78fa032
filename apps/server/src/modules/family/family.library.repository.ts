import type { ExpressionBuilder } from 'kysely';
import type { Executor } from '../../infra/db/executor.js';
import type { DB } from '../../infra/db/schema.js';
import type { LibraryFilter } from './family.library.filters.js';

// Reads of the family library (issue 35): the adders' file rows with the family's space, the adder's name beside each.

/** A place in the library's order (taken date, then id, both descending). */
export interface LibraryCursor {
  takenAt: number;
  id: string;
}

const live = (db: Executor, familyId: string) =>
  db
    .selectFrom('file')
    // Only what someone still in the family added: a member who left took theirs (or has it held).
    .innerJoin('family_member as adder', (j) => j.onRef('adder.family_id', '=', 'file.family_id').onRef('adder.account_id', '=', 'file.account_id'))
    .innerJoin('account', 'account.id', 'file.account_id')
    .where('file.family_id', '=', familyId)
    .where('file.status', '=', 'ACTIVE')
    .where('file.family_held_until', 'is', null);

/** The accounts whose items the library shows (the family's members), with what an item says of its adder. */
export const adders = (db: Executor, familyId: string) =>
  db
    .selectFrom('family_member')
    .innerJoin('account', 'account.id', 'family_member.account_id')
    .select(['family_member.account_id', 'account.project_id', 'account.name', 'account.surname'])
    .where('family_member.family_id', '=', familyId)
    .execute();

/**
 * A page of the library, newest first: keyset after `after`, the same cost at any depth. The page is read from `file`
 * alone in the order of its index file_family_order, the adders given as a list (see `adders`): joined to
 * family_member and account in one query, PostgreSQL's planner drove from the members and sorted all their rows
 * (100,000 photos: 260 ms a deep page), and SQLite's scanned every account.
 */
export function listPage(
  db: Executor,
  familyId: string,
  adders: readonly string[],
  limit: number,
  after?: LibraryCursor,
  only?: { filter: LibraryFilter; value: string },
) {
  return db
    .selectFrom('file')
    .selectAll('file')
    .where('file.family_id', '=', familyId)
    .where('file.status', '=', 'ACTIVE')
    .where('file.family_held_until', 'is', null)
    .where('file.account_id', 'in', adders.length > 0 ? [...adders] : [''])
    .$if(only !== undefined, (qb) => qb.where((eb) => only!.filter(eb as unknown as ExpressionBuilder<DB, 'file'>, familyId, only!.value)))
    .$if(after !== undefined, (qb) =>
      qb
        .where('file.taken_at', '<=', after!.takenAt)
        .where((eb) => eb.or([eb('file.taken_at', '<', after!.takenAt), eb('file.id', '<', after!.id)])),
    )
    .orderBy('file.taken_at', 'desc')
    .orderBy('file.id', 'desc')
    .limit(limit)
    .execute();
}

/** These ids among the library's live items, with their adders. */
export async function getItems(db: Executor, familyId: string, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return live(db, familyId).selectAll('file').where('file.id', 'in', ids).execute();
}

/** The account's rows in a family library (live or in its trash), not held: what leaving decides about. */
export const listOwn = (db: Executor, accountId: string) =>
  db
    .selectFrom('file')
    .select(['id', 'bytes', 'status', 'created_at'])
    .where('account_id', '=', accountId)
    .where('family_id', 'is not', null)
    .where('family_held_until', 'is', null)
    .orderBy('created_at')
    .orderBy('id')
    .execute();

/** The account's held items (it left the family without room for them), until their time is up. */
export const listHeld = (db: Executor, accountId: string, at: number) =>
  db
    .selectFrom('file')
    .innerJoin('account', 'account.id', 'file.account_id')
    .selectAll('file')
    .select('account.project_id')
    .where('file.account_id', '=', accountId)
    .where('file.status', '=', 'ACTIVE')
    .where('file.family_held_until', '>', at)
    .orderBy('file.family_held_until')
    .orderBy('file.id')
    .limit(1000)
    .execute();
