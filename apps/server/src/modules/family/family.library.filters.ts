import type { Expression, ExpressionBuilder, SqlBool } from 'kysely';
import type { Executor } from '../../infra/db/executor.js';
import type { DB } from '../../infra/db/schema.js';
import { PREMIUM_AUTHORITY } from '../account/account.plan.public.js';

/**
 * Narrows the family library to the photos of one person or one place (issue 35). The people and places modules
 * register theirs (the family module knows neither), so "Family people" and "Family places" open the same library
 * page — its items, day headings and viewer — filtered.
 */
export type LibraryFilter = (eb: ExpressionBuilder<DB, 'file'>, familyId: string, value: string) => Expression<SqlBool>;
export type LibraryFilterName = 'person' | 'place';

export class LibraryFilters {
  private readonly filters = new Map<LibraryFilterName, LibraryFilter>();

  register(name: LibraryFilterName, filter: LibraryFilter): void {
    if (this.filters.has(name)) throw new Error(`family library filter ${name} registered twice`);
    this.filters.set(name, filter);
  }

  get(name: LibraryFilterName): LibraryFilter | undefined {
    return this.filters.get(name);
  }
}

/**
 * SQL on `file`: the row is in this family's library as members see it — live, not held, added by someone still in the
 * family. The people and places of the family library count only these, so a photo that leaves (removed, or its adder
 * left) leaves them at once.
 */
export const inFamilyLibrary = (eb: ExpressionBuilder<DB, 'file'>, familyId: string | Expression<string>): Expression<SqlBool> =>
  eb.and([
    eb('file.family_id', '=', familyId),
    eb('file.status', '=', 'ACTIVE'),
    eb('file.family_held_until', 'is', null),
    eb.exists(
      eb
        .selectFrom('family_member as adder')
        .select('adder.account_id')
        .where('adder.family_id', '=', familyId)
        .whereRef('adder.account_id', '=', 'file.account_id'),
    ),
  ]);

/**
 * SQL: the family is premium — its admin holds premium, as a family package gives it. The family library's people are
 * a premium feature of the family (issue 35): its members' library photos are analysed under it.
 */
export const isPremiumFamily = (eb: ExpressionBuilder<DB, keyof DB>, familyId: string | Expression<string>): Expression<SqlBool> =>
  eb.exists(
    eb
      .selectFrom('family')
      .innerJoin('authority', (j) => j.onRef('authority.account_id', '=', 'family.admin_account_id').on('authority.type', '=', PREMIUM_AUTHORITY))
      .select('family.id')
      .where('family.id', '=', familyId),
  );

/** The accounts in a premium family (their library photos' face data is kept while they are). */
export const premiumFamilyMembers = (db: Executor) =>
  db
    .selectFrom('family_member')
    .innerJoin('family', 'family.id', 'family_member.family_id')
    .innerJoin('authority', (j) => j.onRef('authority.account_id', '=', 'family.admin_account_id').on('authority.type', '=', PREMIUM_AUTHORITY))
    .select('family_member.account_id');
