import type { Executor } from '../../infra/db/executor.js';
import type { AuthContext } from '../auth-context.js';

/**
 * The identity a request acts under once the access policy has granted it an item in another account's tree (a
 * private share): that account's, so the item is found where it lives, a new file or folder belongs to the owner and
 * its bytes count against the owner's quota. The caller's own items, the root and unknown ids keep the caller's.
 * Call it only with an id the policy granted for the request's permission.
 */
export async function actingFor<A extends Pick<AuthContext, 'accountId' | 'projectId'>>(
  db: Executor,
  auth: A,
  fileId: string | null | undefined,
): Promise<A> {
  if (!fileId) return auth;
  const owner = await db
    .selectFrom('file')
    .innerJoin('account', 'account.id', 'file.account_id')
    .select(['account.id', 'account.project_id'])
    .where('file.id', '=', fileId)
    .executeTakeFirst();
  if (!owner || owner.id === auth.accountId) return auth;
  return { ...auth, accountId: owner.id, projectId: owner.project_id };
}
