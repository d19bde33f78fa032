import type { Kysely } from 'kysely';
import type { DB } from '../../infra/db/schema.js';
import { NotFound, ValidationError } from '../../shared/errors.js';
import type { Language } from '../../shared/schemas.js';
import type { AuthContext } from '../../shared/auth-context.js';
import { validatePersonName } from '../../shared/names.js';
import * as repo from './account.repository.js';
import type { Account } from './account.table.js';

/** Settings a client may store for itself; anything else is refused so the table cannot be used as free storage. */
const SETTING_PARAM = /^[A-Za-z][A-Za-z0-9_.-]{0,63}$/;
const MAX_SETTINGS = 100;
const SETTING_DEFAULT = '';

export class AccountService {
  constructor(private readonly db: Kysely<DB>) {}

  async get(auth: AuthContext): Promise<Account> {
    const account = await repo.getById(this.db, auth.accountId);
    if (!account) throw NotFound('Account not found.');
    return account;
  }

  /** The storage counters: those read with the session when there are some, so the answer costs no second read. */
  async usages(auth: AuthContext): Promise<{ usedBytes: number; quotaBytes: number }> {
    if (auth.usage) return auth.usage;
    const account = await this.get(auth);
    return { usedBytes: account.used_bytes, quotaBytes: account.quota_bytes };
  }

  async authorities(auth: AuthContext): Promise<Array<{ type: string }>> {
    return repo.listAuthorities(this.db, auth.accountId);
  }

  async settings(auth: AuthContext): Promise<Record<string, string>> {
    const rows = await repo.listSettings(this.db, auth.accountId);
    return Object.fromEntries(rows.map((r) => [r.param, r.value]));
  }

  /** A setting never saved has the default every setting starts with, the empty string (what saving '' gives too). */
  async setting(auth: AuthContext, param: string): Promise<{ param: string; value: string }> {
    if (!SETTING_PARAM.test(param)) throw ValidationError('param must be a short identifier.', 'param');
    const row = await repo.getSetting(this.db, auth.accountId, param);
    return row ?? { param, value: SETTING_DEFAULT };
  }

  async saveSetting(auth: AuthContext, param: string, value: string): Promise<{ param: string; value: string }> {
    if (!SETTING_PARAM.test(param)) throw ValidationError('param must be a short identifier.', 'param');
    const existing = await repo.listSettings(this.db, auth.accountId);
    if (existing.length >= MAX_SETTINGS && !existing.some((s) => s.param === param)) {
      throw ValidationError(`At most ${MAX_SETTINGS} settings can be stored.`, 'param');
    }
    await repo.upsertSetting(this.db, auth.accountId, param, value);
    return { param, value };
  }

  async setLanguage(auth: AuthContext, language: Language): Promise<void> {
    await repo.update(this.db, auth.accountId, { language, updated_at: Date.now() });
  }

  async setNameSurname(auth: AuthContext, name: string, surname: string): Promise<Account> {
    await repo.update(this.db, auth.accountId, { name: validatePersonName(name, 'name'), surname: validatePersonName(surname, 'surname'), updated_at: Date.now() });
    return this.get(auth);
  }
}
