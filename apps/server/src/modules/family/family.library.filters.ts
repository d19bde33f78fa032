import type { Expression, ExpressionBuilder, SqlBool } from 'kysely';
import type { DB } from '../../infra/db/schema.js';

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
