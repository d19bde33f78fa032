import type { Executor } from '../../infra/db/executor.js';
import type { FamilyInvitationStatus, FamilyRole, NewFamilyInvitation } from './family.table.js';

export const getById = (db: Executor, id: string) => db.selectFrom('family').selectAll().where('id', '=', id).executeTakeFirst();

export const getByAdmin = (db: Executor, adminAccountId: string) =>
  db.selectFrom('family').selectAll().where('admin_account_id', '=', adminAccountId).executeTakeFirst();

export async function createFamily(
  db: Executor,
  row: { id: string; admin_account_id: string; package_id: string | null; max_members: number; quota_bytes: number; at: number },
): Promise<void> {
  await db
    .insertInto('family')
    .values({
      id: row.id,
      admin_account_id: row.admin_account_id,
      package_id: row.package_id,
      max_members: row.max_members,
      quota_bytes: row.quota_bytes,
      status: 'ACTIVE',
      created_at: row.at,
      updated_at: row.at,
    })
    .execute();
}

export const updateFamily = (db: Executor, id: string, patch: { package_id: string | null; max_members: number; quota_bytes: number; at: number }) =>
  db
    .updateTable('family')
    .set({ package_id: patch.package_id, max_members: patch.max_members, quota_bytes: patch.quota_bytes, updated_at: patch.at })
    .where('id', '=', id)
    .execute();

export const deleteFamily = (db: Executor, id: string) => db.deleteFrom('family').where('id', '=', id).execute();

export const getMember = (db: Executor, accountId: string) =>
  db.selectFrom('family_member').selectAll().where('account_id', '=', accountId).executeTakeFirst();

export async function addMember(db: Executor, row: { family_id: string; account_id: string; role: FamilyRole; at: number }): Promise<void> {
  await db.insertInto('family_member').values({ family_id: row.family_id, account_id: row.account_id, role: row.role, limit_bytes: null, joined_at: row.at }).execute();
}

export const removeMember = (db: Executor, accountId: string) => db.deleteFrom('family_member').where('account_id', '=', accountId).execute();

export const setLimit = (db: Executor, accountId: string, limitBytes: number | null) =>
  db.updateTable('family_member').set({ limit_bytes: limitBytes }).where('account_id', '=', accountId).execute();

/** Members with the account fields the family screens show, admin first, then by joining time. */
export const listMembers = (db: Executor, familyId: string) =>
  db
    .selectFrom('family_member')
    .innerJoin('account', 'account.id', 'family_member.account_id')
    .select([
      'family_member.account_id',
      'family_member.role',
      'family_member.limit_bytes',
      'family_member.joined_at',
      'account.name',
      'account.surname',
      'account.email',
      'account.country_code',
      'account.phone_number',
      'account.used_bytes',
      'account.reserved_bytes',
    ])
    .where('family_member.family_id', '=', familyId)
    .orderBy('family_member.role')
    .orderBy('family_member.joined_at')
    .orderBy('family_member.account_id')
    .execute();

export async function createInvitation(db: Executor, row: NewFamilyInvitation): Promise<void> {
  await db.insertInto('family_invitation').values(row).execute();
}

export const getInvitation = (db: Executor, id: string) => db.selectFrom('family_invitation').selectAll().where('id', '=', id).executeTakeFirst();

export const getInvitationByTokenHash = (db: Executor, tokenHash: string) =>
  db.selectFrom('family_invitation').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();

export const listInvitations = (db: Executor, familyId: string) =>
  db.selectFrom('family_invitation').selectAll().where('family_id', '=', familyId).orderBy('created_at', 'desc').orderBy('id').limit(50).execute();

/** Pending, unexpired invitations: the seats they hold count against the family's size. */
export const pendingFor = (db: Executor, familyId: string, at: number) =>
  db.selectFrom('family_invitation').selectAll().where('family_id', '=', familyId).where('status', '=', 'PENDING').where('expires_at', '>', at).execute();

export const pendingToContacts = (db: Executor, contacts: string[], at: number) =>
  contacts.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('family_invitation')
        .innerJoin('family', 'family.id', 'family_invitation.family_id')
        .innerJoin('account', 'account.id', 'family.admin_account_id')
        .select(['family_invitation.id', 'family_invitation.expires_at', 'family_invitation.created_at', 'account.name', 'account.surname'])
        .where('family_invitation.contact', 'in', contacts)
        .where('family_invitation.status', '=', 'PENDING')
        .where('family_invitation.expires_at', '>', at)
        .orderBy('family_invitation.created_at', 'desc')
        .execute();

/** Moves an invitation on from PENDING only: false when another request answered it first. */
export async function answerInvitation(
  db: Executor,
  id: string,
  status: Exclude<FamilyInvitationStatus, 'PENDING'>,
  at: number,
  inviteeAccountId: string | null,
): Promise<boolean> {
  const res = await db
    .updateTable('family_invitation')
    .set({ status, answered_at: at, invitee_account_id: inviteeAccountId })
    .where('id', '=', id)
    .where('status', '=', 'PENDING')
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export const cancelPending = (db: Executor, familyId: string, at: number) =>
  db.updateTable('family_invitation').set({ status: 'CANCELLED', answered_at: at }).where('family_id', '=', familyId).where('status', '=', 'PENDING').execute();

export const purgeInvitationsTo = (db: Executor, contacts: string[]) =>
  db.deleteFrom('family_invitation').where('contact', 'in', contacts).execute();
