import type { Kysely } from 'kysely';
import type { DB } from '../../infra/db/schema.js';
import type { AuthContext } from '../../shared/auth-context.js';
import { NotFound, ValidationError } from '../../shared/errors.js';
import { newId } from '../../shared/tokens.js';
import * as accounts from '../account/account.identity.public.js';
import * as repo from './permission.repository.js';
import type { PermissionType } from './permission.table.js';

export interface PermissionView {
  type: PermissionType;
  isApproved: boolean;
  isEditable: boolean;
  updatedAt: number | null;
}

/** Turkey's country code: ETK (law 6563 on commercial electronic messages) is the permission for Turkish numbers. */
const TURKEY = '90';

/**
 * Which permissions apply to an account: ETK for Turkish numbers and GLOBAL (the same consent for messages) for the
 * others; KVKK (consent to process personal data beyond running the service) and MOBILE_PAYMENT (paying packages by
 * phone bill) for everyone. MOBILE_PAYMENT is listed only when asked for by type, as its own screen does.
 */
function applies(type: PermissionType, countryCode: string): boolean {
  if (type === 'ETK') return countryCode === TURKEY;
  if (type === 'GLOBAL') return countryCode !== TURKEY;
  return true;
}

export class PermissionService {
  constructor(private readonly db: Kysely<DB>) {}

  async list(auth: AuthContext, type?: PermissionType): Promise<PermissionView[]> {
    const countryCode = await this.countryCode(auth);
    const current = new Map((await repo.listCurrent(this.db, auth.accountId)).map((r) => [r.type, r]));
    const types: PermissionType[] = type ? [type] : (['ETK', 'GLOBAL', 'KVKK'] as const).filter((t) => applies(t, countryCode));
    return types.map((t) => {
      const row = current.get(t);
      return { type: t, isApproved: row?.is_approved === 1, isEditable: applies(t, countryCode), updatedAt: row ? Number(row.updated_at) : null };
    });
  }

  /**
   * Sets each permission; a real change is also added to the history with the time and address it came from, so the
   * record of every consent given or withdrawn is kept. Answers the permissions listed, as `list` does.
   */
  async update(auth: AuthContext, changes: Array<{ type: PermissionType; isApproved: boolean }>, ip: string): Promise<PermissionView[]> {
    const countryCode = await this.countryCode(auth);
    const seen = new Set<PermissionType>();
    for (const c of changes) {
      if (seen.has(c.type)) throw ValidationError(`${c.type} is given twice.`, 'type');
      seen.add(c.type);
      if (!applies(c.type, countryCode)) throw ValidationError(`${c.type} does not apply to this account.`, 'type');
    }
    const at = Date.now();
    await this.db.transaction().execute(async (trx) => {
      const current = new Map((await repo.listCurrent(trx, auth.accountId)).map((r) => [r.type, r.is_approved === 1]));
      for (const c of changes) {
        if (current.get(c.type) === c.isApproved) continue;
        await repo.setCurrent(trx, auth.accountId, c.type, c.isApproved, at);
        await repo.addHistory(trx, { id: newId(), account_id: auth.accountId, type: c.type, is_approved: c.isApproved ? 1 : 0, ip, created_at: at });
      }
    });
    const listed = await this.list(auth);
    const extra = changes.some((c) => c.type === 'MOBILE_PAYMENT') ? await this.list(auth, 'MOBILE_PAYMENT') : [];
    return [...listed, ...extra];
  }

  /** Whether the permission applies to the account, and whether it is given. */
  async auth(auth: AuthContext, type: 'ETK' | 'GLOBAL'): Promise<{ isAllowed: boolean; isApproved: boolean }> {
    const [view] = await this.list(auth, type);
    return { isAllowed: view!.isEditable, isApproved: view!.isApproved };
  }

  private async countryCode(auth: AuthContext): Promise<string> {
    const account = await accounts.getById(this.db, auth.accountId);
    if (!account) throw NotFound('Account not found.');
    return account.country_code;
  }
}
