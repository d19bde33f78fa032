import type { Kysely } from 'kysely';

// Issue 31: an entry still in the address book has to_seq = 2^53 − 1 instead of NULL, so "visible at s" is
// `from_seq <= s AND to_seq > s`: both tests are conditions on contact_entry_order's columns, and a page is one range
// of that index. With `to_seq IS NULL OR to_seq > s` PostgreSQL could only filter after reading each row (or, without
// statistics, read the account's every entry through a BitmapOr and sort them).

/** contacts.table.ts OPEN_SEQ: later than any seq a book reaches. */
const OPEN_SEQ = Number.MAX_SAFE_INTEGER;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.updateTable('contact_entry').set({ to_seq: OPEN_SEQ }).where('to_seq', 'is', null).execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.updateTable('contact_entry').set({ to_seq: null }).where('to_seq', '=', OPEN_SEQ).execute();
}
