import type { Kysely } from 'kysely';
import type { DB } from '../../infra/db/schema.js';
import type { AuthContext } from '../../shared/auth-context.js';
import { NotFound, ValidationError } from '../../shared/errors.js';
import * as accounts from '../account/account.identity.public.js';
import type { Eula } from './eula.table.js';

export class EulaService {
  constructor(private readonly db: Kysely<DB>) {}

  getById(id: number): Promise<Eula | undefined> {
    return this.db.selectFrom('eula').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Latest version in the language, else the latest English one. */
  latest(language: string): Promise<Eula> {
    return this.latestOf('eula', language, 'No EULA is published.');
  }

  /** The privacy notice, chosen the same way. */
  privacyPolicy(language: string): Promise<Eula> {
    return this.latestOf('privacy_policy', language, 'No privacy policy is published.');
  }

  private async latestOf(table: 'eula' | 'privacy_policy', language: string, missing: string): Promise<Eula> {
    for (const locale of [language, 'en']) {
      const row = await this.db
        .selectFrom(table)
        .selectAll()
        .where('locale', '=', locale)
        .orderBy('version', 'desc')
        .limit(1)
        .executeTakeFirst();
      if (row) return row;
    }
    throw NotFound(missing);
  }

  /** approved is false when the latest EULA (in the language, else English) is newer than every one the account accepted. */
  async check(auth: AuthContext, language: string): Promise<{ approved: boolean; eulaId: number; version: number }> {
    const latest = await this.latest(language);
    return { approved: (await this.acceptedVersion(auth.accountId)) >= latest.version, eulaId: latest.id, version: latest.version };
  }

  /** Records the acceptance (kept as the record of consent); only a current version can be accepted. */
  async approve(auth: AuthContext, eulaId: number, ip: string): Promise<void> {
    const eula = await this.getById(eulaId);
    if (!eula) throw ValidationError('eulaId does not name a published EULA.', 'eulaId');
    const latest = await this.latest(eula.locale);
    if (latest.version > eula.version) throw ValidationError('A newer EULA has been published; accept that one.', 'eulaId');
    await this.db
      .insertInto('eula_approval')
      .values({ account_id: auth.accountId, eula_id: eulaId, ip, approved_at: Date.now() })
      .onConflict((oc) => oc.columns(['account_id', 'eula_id']).doNothing())
      .execute();
  }

  /** The highest version accepted: at sign-up (the account's eula_id) or since. */
  private async acceptedVersion(accountId: string): Promise<number> {
    const account = await accounts.getById(this.db, accountId);
    const ids = (await this.db.selectFrom('eula_approval').select('eula_id').where('account_id', '=', accountId).execute()).map((r) => r.eula_id);
    if (account) ids.push(account.eula_id);
    if (ids.length === 0) return 0;
    const row = await this.db
      .selectFrom('eula')
      .select((eb) => eb.fn.max('version').as('v'))
      .where('id', 'in', ids)
      .executeTakeFirst();
    return Number(row?.v ?? 0);
  }

  async purgeAccount(accountId: string): Promise<void> {
    await this.db.deleteFrom('eula_approval').where('account_id', '=', accountId).execute();
  }
}
