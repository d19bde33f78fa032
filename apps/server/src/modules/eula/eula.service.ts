import type { Kysely } from 'kysely';
import type { DB } from '../../infra/db/schema.js';
import { NotFound } from '../../shared/errors.js';
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
}
