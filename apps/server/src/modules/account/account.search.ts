import type { Executor } from '../../infra/db/executor.js';
import { foldText } from '../search-index/search-index.public.js';
import type { Account, AccountTable } from './account.table.js';

// The operator console's subscriber search (issue 27): prefix matching on keys kept on the account row and indexed one
// each, so a search is a few index range reads whatever the number of accounts. Keys are written by `searchKeys` with
// every change of the fields they come from (create, name, e-mail, phone, deletion).

const MAX_KEY = 320;
type KeySource = Pick<AccountTable, 'name' | 'surname' | 'email' | 'phone_e164' | 'status'>;
export type SearchKeys = Pick<Account, 'search_name' | 'search_surname' | 'search_email' | 'search_phone'>;

/** The search keys of an account: folded "name surname" and surname, lower-case e-mail, phone digits (E.164). */
export function searchKeys(a: KeySource): SearchKeys {
  // A deleted account's e-mail and phone are placeholders: nothing to find there.
  const gone = a.status === 'DELETED';
  return {
    search_name: foldText(`${a.name} ${a.surname}`).slice(0, MAX_KEY),
    search_surname: foldText(a.surname).slice(0, MAX_KEY),
    search_email: gone ? null : a.email.toLowerCase().slice(0, MAX_KEY),
    search_phone: gone ? null : a.phone_e164.replace(/\D/g, ''),
  };
}

/** Writes the keys again from the row as it is now (after a change of name, e-mail, phone or status). */
export async function refreshSearchKeys(db: Executor, accountId: string): Promise<void> {
  const row = await db.selectFrom('account').select(['name', 'surname', 'email', 'phone_e164', 'status']).where('id', '=', accountId).executeTakeFirst();
  if (row) await db.updateTable('account').set(searchKeys(row)).where('id', '=', accountId).execute();
}

/** Accounts from before the keys existed get theirs, a batch per call (a schedule runs it until none is left). */
export async function backfillSearchKeys(db: Executor, batch = 2000): Promise<number> {
  const rows = await db
    .selectFrom('account')
    .select(['id', 'name', 'surname', 'email', 'phone_e164', 'status'])
    .where('search_name', 'is', null)
    .limit(batch)
    .execute();
  for (const row of rows) await db.updateTable('account').set(searchKeys(row)).where('id', '=', row.id).execute();
  return rows.length;
}

/** The smallest string above every string that starts with `prefix` (code-point order = UTF-8 byte order). */
export function prefixEnd(prefix: string): string {
  const points = Array.from(prefix);
  const last = points.pop()!.codePointAt(0)!;
  return points.join('') + String.fromCodePoint(last + 1);
}

export const SEARCH_COLUMNS = ['search_name', 'search_surname', 'search_email', 'search_phone', 'phone_number'] as const;
export type SearchColumn = (typeof SEARCH_COLUMNS)[number];

/** A range read of one key's index: the accounts whose key starts with `prefix`, in key order. */
export function prefixQuery(db: Executor, column: SearchColumn, prefix: string, limit: number) {
  return db
    .selectFrom('account')
    .select(['id', 'name', 'surname', 'email', 'phone_e164', 'status', 'suspended_at', 'created_at'])
    .where(column, '>=', prefix)
    .where(column, '<', prefixEnd(prefix))
    .orderBy(column)
    .limit(limit);
}

export type SearchHit = Pick<Account, 'id' | 'name' | 'surname' | 'email' | 'phone_e164' | 'status' | 'suspended_at' | 'created_at'>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Which key ranges a console query reads: an id, a phone number, an e-mail, or a (Turkish-folded) name. */
export function plan(q: string): Array<{ column: SearchColumn | 'id'; prefix: string }> {
  const text = q.trim();
  if (text === '') return [];
  if (UUID.test(text)) return [{ column: 'id', prefix: text.toLowerCase() }];
  const compact = text.replace(/[\s().-]/g, '');
  if (/^(\+|00)?\d{3,}$/.test(compact)) {
    const digits = compact.replace(/^(\+|00)/, '');
    const international = compact.startsWith('+') || compact.startsWith('00');
    const ranges: Array<{ column: SearchColumn; prefix: string }> = [{ column: 'search_phone', prefix: digits }];
    // Typed without a country code ("0532…" or "532…"): the national number too.
    if (!international) ranges.push({ column: 'phone_number', prefix: digits.replace(/^0/, '') });
    return ranges;
  }
  if (text.includes('@')) return [{ column: 'search_email', prefix: text.toLowerCase() }];
  const folded = foldText(text);
  const ranges: Array<{ column: SearchColumn; prefix: string }> = [];
  if (folded !== '') ranges.push({ column: 'search_name', prefix: folded }, { column: 'search_surname', prefix: folded });
  // One word may be the start of an e-mail address too ("ayse.yilmaz").
  if (!/\s/.test(text)) ranges.push({ column: 'search_email', prefix: text.toLowerCase() });
  return ranges.filter((r) => r.prefix !== '');
}

/** Up to `limit` accounts matching a console query, each once: ids first, then by the order of the ranges. */
export async function searchAccounts(db: Executor, q: string, limit: number): Promise<SearchHit[]> {
  const found = new Map<string, SearchHit>();
  for (const range of plan(q)) {
    if (found.size >= limit) break;
    const rows =
      range.column === 'id'
        ? await db
            .selectFrom('account')
            .select(['id', 'name', 'surname', 'email', 'phone_e164', 'status', 'suspended_at', 'created_at'])
            .where('id', '=', range.prefix)
            .execute()
        : await prefixQuery(db, range.column, range.prefix, limit).execute();
    for (const row of rows) if (found.size < limit && !found.has(row.id)) found.set(row.id, row);
  }
  return [...found.values()];
}
