import type { Executor } from '../../infra/db/executor.js';
import type { ResourceKind } from './permissions.js';

/** Of these ids, the ones of this kind that belong to the account; rows that are gone are simply not found. */
export async function ownedIds(db: Executor, kind: ResourceKind, accountId: string, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  switch (kind) {
    case 'file':
      return pluck(await db.selectFrom('file').select('id').where('id', 'in', ids).where('account_id', '=', accountId).execute());
    case 'album':
      return pluck(await db.selectFrom('album').select('id').where('id', 'in', ids).where('account_id', '=', accountId).execute());
    case 'notification':
      return pluck(
        await db.selectFrom('notification').select('id').where('id', 'in', ids).where('account_id', '=', accountId).execute(),
      );
    case 'upload':
      // An upload id names the upload while it runs and the file it became afterwards; an aborted upload is gone.
      return pluck(
        await db
          .selectFrom('upload')
          .select('id')
          .where('id', 'in', ids)
          .where('account_id', '=', accountId)
          .where('status', '!=', 'ABORTED')
          .union(db.selectFrom('file').select('id').where('id', 'in', ids).where('account_id', '=', accountId))
          .execute(),
      );
    case 'project':
      return (
        await db.selectFrom('account').select('project_id').where('id', '=', accountId).where('project_id', 'in', ids).execute()
      ).map((r) => r.project_id);
  }
}

/** Who holds each of these ids of this kind, whatever its state: an id someone else holds cannot be claimed. */
export async function holders(db: Executor, kind: ResourceKind, ids: readonly string[]): Promise<Array<{ id: string; account_id: string }>> {
  if (ids.length === 0) return [];
  switch (kind) {
    case 'file':
      return db.selectFrom('file').select(['id', 'account_id']).where('id', 'in', ids).execute();
    case 'album':
      return db.selectFrom('album').select(['id', 'account_id']).where('id', 'in', ids).execute();
    case 'notification':
      return db.selectFrom('notification').select(['id', 'account_id']).where('id', 'in', ids).execute();
    case 'upload':
      return db
        .selectFrom('upload')
        .select(['id', 'account_id'])
        .where('id', 'in', ids)
        .union(db.selectFrom('file').select(['id', 'account_id']).where('id', 'in', ids))
        .execute();
    case 'project':
      // A project comes with its account; nobody names a new one.
      throw new Error('project ids cannot be claimed');
  }
}

const pluck = (rows: ReadonlyArray<{ id: string }>) => rows.map((r) => r.id);
