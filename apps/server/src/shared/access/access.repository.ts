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
    case 'link':
      return pluck(await db.selectFrom('share_link').select('id').where('id', 'in', ids).where('account_id', '=', accountId).execute());
    case 'session':
      return pluck(await db.selectFrom('session').select('id').where('id', 'in', ids).where('account_id', '=', accountId).execute());
    case 'payment':
      return pluck(await db.selectFrom('payment').select('id').where('id', 'in', ids).where('account_id', '=', accountId).execute());
    case 'order':
      return pluck(await db.selectFrom('package_order').select('id').where('id', 'in', ids).where('account_id', '=', accountId).execute());
    case 'card':
      return pluck(
        await db
          .selectFrom('saved_card')
          .select('id')
          .where('id', 'in', ids)
          .where('account_id', '=', accountId)
          .where('status', '=', 'ACTIVE')
          .execute(),
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
    // People, places and things: owned whatever their status (a hidden or trashed one can still be recovered).
    case 'person':
      return pluck(await db.selectFrom('person').select('id').where('id', 'in', ids).where('account_id', '=', accountId).execute());
    case 'place':
      return pluck(await db.selectFrom('place').select('id').where('id', 'in', ids).where('account_id', '=', accountId).execute());
    case 'thing':
      return pluck(await db.selectFrom('thing').select('id').where('id', 'in', ids).where('account_id', '=', accountId).execute());
    case 'foryou':
      return pluck(await db.selectFrom('foryou_item').select('id').where('id', 'in', ids).where('account_id', '=', accountId).execute());
    case 'contact_version':
      return pluck(await db.selectFrom('contact_version').select('id').where('id', 'in', ids).where('account_id', '=', accountId).execute());
    // A contact id is the same in every version that holds the contact: distinct, so each id counts once.
    case 'contact':
      return (
        await db.selectFrom('contact_entry').select('contact_id').distinct().where('contact_id', 'in', ids).where('account_id', '=', accountId).execute()
      ).map((r) => r.contact_id);
    // A family person is held by every member of its family (the family library's people, issue 35).
    case 'family_person':
      return pluck(
        await db
          .selectFrom('family_person')
          .innerJoin('family_member', 'family_member.family_id', 'family_person.family_id')
          .select('family_person.id')
          .where('family_person.id', 'in', ids)
          .where('family_member.account_id', '=', accountId)
          .execute(),
      );
    // A family album is held by every member of its family (issue 35).
    case 'family_album':
      return pluck(
        await db
          .selectFrom('family_album')
          .innerJoin('family_member', 'family_member.family_id', 'family_album.family_id')
          .select('family_album.id')
          .where('family_album.id', 'in', ids)
          .where('family_member.account_id', '=', accountId)
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
    case 'link':
      return db.selectFrom('share_link').select(['id', 'account_id']).where('id', 'in', ids).execute();
    case 'session':
      return db.selectFrom('session').select(['id', 'account_id']).where('id', 'in', ids).execute();
    case 'payment':
      return db.selectFrom('payment').select(['id', 'account_id']).where('id', 'in', ids).execute();
    case 'card':
      return db.selectFrom('saved_card').select(['id', 'account_id']).where('id', 'in', ids).execute();
    case 'order':
      return db.selectFrom('package_order').select(['id', 'account_id']).where('id', 'in', ids).execute();
    case 'person':
      return db.selectFrom('person').select(['id', 'account_id']).where('id', 'in', ids).execute();
    case 'place':
      return db.selectFrom('place').select(['id', 'account_id']).where('id', 'in', ids).execute();
    case 'thing':
      return db.selectFrom('thing').select(['id', 'account_id']).where('id', 'in', ids).execute();
    case 'foryou':
      return db.selectFrom('foryou_item').select(['id', 'account_id']).where('id', 'in', ids).execute();
    case 'contact_version':
      return db.selectFrom('contact_version').select(['id', 'account_id']).where('id', 'in', ids).execute();
    case 'contact':
      return db.selectFrom('contact_entry').select(['contact_id as id', 'account_id']).distinct().where('contact_id', 'in', ids).execute();
    case 'family_person':
      // Held for the family by its admin's account (no route claims one: the grouping schedule makes them).
      return db
        .selectFrom('family_person')
        .innerJoin('family', 'family.id', 'family_person.family_id')
        .select(['family_person.id', 'family.admin_account_id as account_id'])
        .where('family_person.id', 'in', ids)
        .execute();
    case 'family_album':
      // Held for the family by its admin's account (the server makes album ids; no route claims one).
      return db
        .selectFrom('family_album')
        .innerJoin('family', 'family.id', 'family_album.family_id')
        .select(['family_album.id', 'family.admin_account_id as account_id'])
        .where('family_album.id', 'in', ids)
        .execute();
    case 'project':
      // A project comes with its account; nobody names a new one.
      throw new Error('project ids cannot be claimed');
  }
}

/**
 * Of these file ids, the live ones the account holds through a private share with one of these roles: the shared
 * item itself or anything under a shared folder. A removed or expired share grants nothing.
 */
export async function sharedFileIds(
  db: Executor,
  accountId: string,
  ids: readonly string[],
  roles: ReadonlyArray<'VIEWER' | 'EDITOR'>,
  at: number,
): Promise<string[]> {
  if (ids.length === 0 || roles.length === 0) return [];
  const rows = await db
    // Each asked id with itself and every folder above it (UNION: a corrupt cycle still terminates).
    .withRecursive('reach(id, parent_id, start_id)', (qc) =>
      qc
        .selectFrom('file')
        .select(['id', 'parent_id', 'id as start_id'])
        .where('id', 'in', ids)
        .where('status', '=', 'ACTIVE')
        .union((eb) =>
          eb
            .selectFrom('file as f')
            .innerJoin('reach', 'reach.parent_id', 'f.id')
            .select(['f.id', 'f.parent_id', 'reach.start_id'])
            .where('f.status', '=', 'ACTIVE'),
        ),
    )
    .selectFrom('reach')
    .innerJoin('share', 'share.file_id', 'reach.id')
    // A suspended owner's shares grant nothing while the suspension lasts (issue 27).
    .innerJoin('account as owner', 'owner.id', 'share.account_id')
    .select('reach.start_id as id')
    .distinct()
    .where('owner.suspended_at', 'is', null)
    .where('share.invitee_id', '=', accountId)
    .where('share.role', 'in', [...roles])
    .where('share.removed_at', 'is', null)
    .where((eb) => eb.or([eb('share.expires_at', 'is', null), eb('share.expires_at', '>', at)]))
    .execute();
  return pluck(rows);
}

/** Of these uploads someone else holds, the ones running into a folder an editor's share gives this account. */
export async function sharedUploadIds(db: Executor, accountId: string, ids: readonly string[], at: number): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db.selectFrom('upload').select(['id', 'parent_id']).where('id', 'in', ids).where('status', '!=', 'ABORTED').execute();
  const parents = new Set(await sharedFileIds(db, accountId, [...new Set(rows.map((r) => r.parent_id))], ['EDITOR'], at));
  return rows.filter((r) => parents.has(r.parent_id)).map((r) => r.id);
}

/** Of these project ids, the ones whose account shares something live with this account (to browse it there). */
export async function sharedProjectIds(db: Executor, accountId: string, ids: readonly string[], at: number): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('account')
    .select('account.project_id')
    .distinct()
    .innerJoin('share', 'share.account_id', 'account.id')
    .where('account.project_id', 'in', ids)
    .where('account.suspended_at', 'is', null)
    .where('share.invitee_id', '=', accountId)
    .where('share.removed_at', 'is', null)
    .where((eb) => eb.or([eb('share.expires_at', 'is', null), eb('share.expires_at', '>', at)]))
    .execute();
  return rows.map((r) => r.project_id);
}

/**
 * Of these file ids, the ones in the family library of the caller's family (issue 35): live, not held for a member who
 * left, and added by someone still in that family. Another family's library grants nothing.
 */
export async function familyFileIds(db: Executor, accountId: string, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('file')
    .innerJoin('family_member as me', 'me.family_id', 'file.family_id')
    .innerJoin('family_member as adder', (j) => j.onRef('adder.family_id', '=', 'file.family_id').onRef('adder.account_id', '=', 'file.account_id'))
    .select('file.id')
    .where('me.account_id', '=', accountId)
    .where('file.id', 'in', ids)
    .where('file.status', '=', 'ACTIVE')
    .where('file.family_held_until', 'is', null)
    .execute();
  return pluck(rows);
}

/** Of these project ids, the ones of the caller's family members (to download a family library item from its adder's project). */
export async function familyProjectIds(db: Executor, accountId: string, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('account')
    .innerJoin('family_member as them', 'them.account_id', 'account.id')
    .innerJoin('family_member as me', 'me.family_id', 'them.family_id')
    .select('account.project_id')
    .distinct()
    .where('me.account_id', '=', accountId)
    .where('account.project_id', 'in', ids)
    .where('account.suspended_at', 'is', null)
    .execute();
  return rows.map((r) => r.project_id);
}

const pluck = (rows: ReadonlyArray<{ id: string }>) => rows.map((r) => r.id);
