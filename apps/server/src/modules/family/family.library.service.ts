import type { Kysely } from 'kysely';
import type { DB } from '../../infra/db/schema.js';
import type { Executor } from '../../infra/db/executor.js';
import type { JobQueue } from '../../infra/jobs/job-queue.js';
import { assertWritable } from '../../shared/access.js';
import type { AuthContext } from '../../shared/auth-context.js';
import { Conflict, Forbidden, NotFound, ValidationError } from '../../shared/errors.js';
import { days } from '../../shared/time.js';
import * as accountFamily from '../account/account.family.public.js';
import * as accounts from '../account/account.identity.public.js';
import * as files from '../files/files.public.js';
import { toFileItem, type DerivativeLinks, type FileRow } from '../files/files.public.js';
import type { LibraryFilters } from './family.library.filters.js';
import * as library from './family.library.repository.js';
import { cursorOf, HELD_DAYS, MAX_LIBRARY_PAGE, parseCursor, type AddBodyValue, type LibraryItemDto } from './family.library.schemas.js';
import * as repo from './family.repository.js';
import { iso } from './family.schemas.js';

type Auth = Pick<AuthContext, 'accountId' | 'projectId' | 'status'>;
type Member = NonNullable<Awaited<ReturnType<typeof repo.getMember>>>;

export interface FamilyLibraryDeps {
  db: Kysely<DB>;
  /** Person and place filters of the library page, registered by those modules. */
  filters: LibraryFilters;
  jobs: JobQueue;
  links: DerivativeLinks;
  clock?: () => number;
}

export const notInFamily = () => NotFound('You are not in a family.');
/** The family library's one rule on what goes in, for adding and for uploading into it. */
export const notMedia = (field: string) => ValidationError('Only photos and videos can go into the family library.', field);
const fullName = (a: { name: string; surname: string }) => [a.name, a.surname].filter(Boolean).join(' ');

/**
 * The family library (issue 35): photos and videos any member moves or copies in, seen by every member. Its items
 * stay their adders' file rows (their quota, which is the family pool) with the family's space set; see
 * docs/decisions.md for leaving and removal.
 */
export class FamilyLibraryService {
  private readonly now: () => number;
  constructor(private readonly d: FamilyLibraryDeps) {
    this.now = d.clock ?? Date.now;
  }

  async list(auth: Auth, q: { limit?: number; after?: string; person?: string; place?: string }) {
    const member = await this.member(auth);
    const limit = q.limit ?? MAX_LIBRARY_PAGE;
    if (q.person !== undefined && q.place !== undefined) throw ValidationError('Filter by a person or by a place, not both.', 'place');
    const name = q.person !== undefined ? 'person' : q.place !== undefined ? 'place' : undefined;
    const filter = name && this.d.filters.get(name);
    if (name && !filter) throw NotFound('Not found.');
    const only = name && filter ? { filter, value: (q.person ?? q.place)! } : undefined;
    const adders = new Map((await library.adders(this.d.db, member.family_id)).map((a) => [a.account_id, a]));
    const rows = await library.listPage(this.d.db, member.family_id, [...adders.keys()], limit + 1, q.after === undefined ? undefined : parseCursor(q.after), only);
    const page = rows.slice(0, limit);
    const last = page.at(-1);
    return {
      items: page.map((r) => {
        const adder = adders.get(r.account_id)!;
        return this.item(r, auth, member, adder.project_id, fullName(adder));
      }),
      next: rows.length > limit && last ? cursorOf(Number(last.taken_at), last.id) : null,
    };
  }

  async add(auth: Auth, body: AddBodyValue) {
    if (body.mode === 'COPY') assertWritable(auth);
    const ids = [...new Set(body.uuids)];
    const at = this.now();
    const added = await this.d.db.transaction().execute(async (trx) => {
      const member = await this.lockedMember(trx, auth);
      // Only the caller's own files: an editor's share of someone else's photo is not theirs to give away.
      const rows = await files.getMany(trx, auth.accountId, ids);
      if (rows.length !== ids.length || rows.some((r) => r.status !== 'ACTIVE')) throw NotFound('File not found.');
      if (rows.some((r) => r.is_folder === 1 || r.media_kind === null)) throw notMedia('uuids');
      // Already in the library: nothing to do (a retry is harmless).
      const fresh = rows.filter((r) => r.family_id !== member.family_id || r.family_held_until !== null);
      const out: FileRow[] = [];
      if (body.mode === 'MOVE') {
        await files.setFamilySpace(trx, auth.accountId, fresh.map((r) => r.id), member.family_id);
        out.push(...fresh.map((r) => ({ ...r, family_id: member.family_id, family_held_until: null })));
      } else {
        for (const row of fresh) {
          const copy = await files.copyIntoFamily(trx, row, member.family_id, at);
          if (!copy) throw Conflict('CONTENT_UNAVAILABLE', 'This photo cannot be copied right now; move it or try again later.', 'uuids');
          out.push(copy);
        }
      }
      return { member, rows: [...rows.filter((r) => !fresh.includes(r)), ...out] };
    });
    const me = await accounts.getById(this.d.db, auth.accountId);
    const name = me ? fullName(me) : '';
    return { items: added.rows.map((r) => this.item(r, auth, added.member, auth.projectId, name)) };
  }

  /** Removal goes to the remover's trash: their own item, or anyone's for the family admin. */
  async remove(auth: Auth, uuids: readonly string[]) {
    const ids = [...new Set(uuids)];
    const at = this.now();
    return this.d.db.transaction().execute(async (trx) => {
      const member = await this.lockedMember(trx, auth);
      const rows = await library.getItems(trx, member.family_id, ids);
      if (rows.length !== ids.length) throw NotFound('File not found.');
      if (member.role !== 'ADMIN' && rows.some((r) => r.account_id !== auth.accountId)) {
        throw Forbidden('Only the person who added a photo, or the family admin, can remove it.', 'NOT_ADDED_BY_YOU');
      }
      for (const row of rows) await files.trashFromFamily(trx, row, auth.accountId, at);
      return { removed: rows.length };
    });
  }

  /** What the caller added before leaving without room to take it back: readable and downloadable until its time is up. */
  async held(auth: Auth) {
    const rows = await library.listHeld(this.d.db, auth.accountId, this.now());
    return { items: rows.map((r) => ({ file: toFileItem(r, r.project_id, this.d.links), heldUntil: iso(Number(r.family_held_until)) })) };
  }

  /** The schedule: held items whose time is up are deleted for good. */
  async expireHeld(): Promise<number> {
    let n = 0;
    for (const row of await files.listExpiredHeld(this.d.db, this.now(), 500)) {
      if (await this.d.db.transaction().execute((trx) => files.deleteHeld(trx, this.d.jobs, row))) n++;
    }
    return n;
  }

  private item(row: FileRow, auth: Auth, member: Member, projectId: string, adderName: string): LibraryItemDto {
    const mine = row.account_id === auth.accountId;
    return {
      file: toFileItem(row, projectId, this.d.links),
      addedBy: { accountId: row.account_id, name: adderName },
      mine,
      canRemove: mine || member.role === 'ADMIN',
    };
  }

  private async member(auth: Auth, db: Executor = this.d.db): Promise<Member> {
    const member = await repo.getMember(db, auth.accountId);
    if (!member) throw notInFamily();
    return member;
  }

  /** The caller's membership under the pool lock, so leaving cannot interleave. */
  private async lockedMember(trx: Executor, auth: Auth): Promise<Member> {
    const member = await lockMembership(trx, auth.accountId);
    if (!member) throw notInFamily();
    return member;
  }
}

/**
 * An account's membership under the pool lock (the admin's account row first, as everywhere), so leaving cannot
 * interleave; undefined when it is in no family (or left while this waited). Adding and uploading into the library
 * (issue 35) both take it before they set a row's family.
 */
export async function lockMembership(trx: Executor, accountId: string): Promise<Member | undefined> {
  // Read through the transaction: SQLite has one connection, which the transaction holds.
  const seen = await repo.getMember(trx, accountId);
  if (!seen) return undefined;
  if (seen.role === 'ADMIN') await accountFamily.lockAccount(trx, accountId);
  await accountFamily.lockPool(trx, seen.family_id);
  const member = await repo.getMember(trx, accountId);
  return member && member.family_id === seen.family_id ? member : undefined;
}

/**
 * Leaving a family (left, removed, or the plan ended), under the pool lock: the account's family items come back to
 * its own library, oldest first, while they fit in `quotaBytes` (the quota it has on its own); the rest are held for
 * HELD_DAYS, readable and downloadable by it alone, then deleted. Items in its trash come back to its own trash.
 */
export async function returnFamilyItems(trx: Executor, accountId: string, quotaBytes: number, at: number): Promise<void> {
  const own = await library.listOwn(trx, accountId);
  if (own.length === 0) return;
  const account = await accounts.getById(trx, accountId);
  if (!account) return;
  const live = own.filter((r) => r.status === 'ACTIVE');
  const familyBytes = live.reduce((sum, r) => sum + Number(r.bytes), 0);
  let room = quotaBytes + Number(account.bonus_bytes) - (Number(account.used_bytes) - familyBytes);
  const back: string[] = own.filter((r) => r.status !== 'ACTIVE').map((r) => r.id);
  const held: string[] = [];
  for (const r of live) {
    if (Number(r.bytes) <= room) {
      room -= Number(r.bytes);
      back.push(r.id);
    } else held.push(r.id);
  }
  await files.setFamilySpace(trx, accountId, back, null);
  await files.holdFamilyItems(trx, accountId, held, at + days(HELD_DAYS));
}
