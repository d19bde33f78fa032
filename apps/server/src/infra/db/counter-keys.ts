import { sql, type RawBuilder, type SqlBool } from 'kysely';

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * `key` ends with `:value` for one of the values: counters and lockouts are keyed "<purpose>:<who>" (e.g.
 * "id:<account>", "signup:contact:email:<address>"), and account deletion removes those of the account.
 */
export function keyEndsWithAny(column: string, values: readonly string[]): RawBuilder<SqlBool> {
  const parts = values.filter((v) => v.length > 0).map((v) => sql<SqlBool>`${sql.ref(column)} LIKE ${`%:${escapeLike(v)}`} ESCAPE '\\'`);
  return parts.length === 0 ? sql<SqlBool>`1 = 0` : sql<SqlBool>`(${sql.join(parts, sql` OR `)})`;
}
