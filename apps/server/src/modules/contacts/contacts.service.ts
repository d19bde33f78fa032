import { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import type { DB } from '../../infra/db/schema.js';
import type { Executor } from '../../infra/db/executor.js';
import type { AuthContext } from '../../shared/auth-context.js';
import { Conflict, NotFound, ValidationError } from '../../shared/errors.js';
import { timeOrderedId } from '../../shared/ids.js';
import { newId } from '../../shared/tokens.js';
import { lockAccount } from '../account/account.lock.public.js';
import { foldWords } from '../search-index/search-index.public.js';
import { cardEtag, displayName, firstName, mergeInto, searchText, type Card } from './contacts.card.js';
import * as repo from './contacts.repository.js';
import { versionsToPrune } from './contacts.retention.js';
import { CONTACTS_PAGE_SIZE, SEARCH_MIN_LENGTH, toContactCard, toContactItem, toVersionItem, type PageQuery, type SearchQuery, type VersionItem } from './contacts.schemas.js';
import type { ContactVersionSource, NewContact } from './contacts.table.js';
import { parseVCards, type ParseProblem } from './contacts.vcard-parse.js';
import { writeVCard, type VCardVersion } from './contacts.vcard-write.js';

/** Contacts one version may hold: several times the largest real address books, small enough to sort in memory. */
export const MAX_CONTACTS = 50_000;
/** Cards read per query while exporting or copying a version. */
const CHUNK = 500;

const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** First-name order for every script: the root Unicode collation, numbers by value, case and accents second. */
const collator = new Intl.Collator('und', { sensitivity: 'base', numeric: true });

export interface ImportOutcome {
  version: VersionItem;
  added: number;
  merged: number;
  skipped: ParseProblem[];
  warnings: ParseProblem[];
}

/**
 * Contacts backup (issue 31). A version is an immutable snapshot of the address book; the newest is the current one.
 * Imports and restores write a new version; the CardDAV mount (contacts.carddav.ts) reads the current version's
 * cards by their id and ETag and rolls phones' changes into a daily version through `applyPhoneChange`.
 */
export class ContactsService {
  constructor(private readonly d: { db: Kysely<DB>; clock: () => number }) {}

  async listVersions(auth: AuthContext): Promise<VersionItem[]> {
    const versions = await repo.listVersions(this.d.db, auth.accountId);
    return versions.map((v) => toVersionItem(v, versions[0]?.id));
  }

  async page(auth: AuthContext, versionId: string, q: PageQuery) {
    const version = await this.version(auth, versionId);
    const size = q.maxResult ?? CONTACTS_PAGE_SIZE;
    const from = ((q.currentPage ?? 1) - 1) * size;
    const count = Number(version.contact_count);
    const descending = q.sortOrder === 'DESC';
    // Descending pages count from the end of the same dense positions.
    const [lo, hi] = descending ? [count - from - size, count - from] : [from, from + size];
    const rows = await repo.pageByPosition(this.d.db, auth.accountId, version.id, Math.max(lo, 0), hi, descending);
    return { items: rows.map(toContactItem) };
  }

  async search(auth: AuthContext, q: SearchQuery) {
    if (q.query.trim().length < SEARCH_MIN_LENGTH) throw ValidationError(`Search needs at least ${SEARCH_MIN_LENGTH} characters.`, 'query');
    const version = q.versionId ? await this.version(auth, q.versionId) : await repo.currentVersion(this.d.db, auth.accountId);
    const words = foldWords(q.query);
    if (!version || words.length === 0) return { items: [], totalCount: 0 };
    const size = q.maxResult ?? CONTACTS_PAGE_SIZE;
    const offset = ((q.currentPage ?? 1) - 1) * size;
    const [totalCount, rows] = await Promise.all([
      repo.countMatches(this.d.db, auth.accountId, version.id, words),
      repo.pageOfMatches(this.d.db, auth.accountId, version.id, words, offset, size, q.sortOrder === 'DESC'),
    ]);
    return { items: rows.map(toContactItem), totalCount };
  }

  async contact(auth: AuthContext, versionId: string, contactId: string) {
    const row = await repo.getContact(this.d.db, auth.accountId, versionId, contactId);
    if (!row) throw NotFound('Contact not found.');
    return toContactCard(row, JSON.parse(row.card_json) as Card);
  }

  /**
   * A .vcf file becomes a new version: the current contacts plus the file's cards, a card that is already there
   * (`sameContact`) completing it instead of doubling it. Broken cards are reported by line and skipped; a file with
   * no good card changes nothing.
   */
  async importVCards(auth: AuthContext, bytes: Buffer): Promise<ImportOutcome> {
    const parsed = parseVCards(bytes);
    if (parsed.cards.length === 0) {
      const first = parsed.errors.slice(0, 3).map((e) => e.message);
      throw ValidationError(first.length > 0 ? `No contact could be read. ${first.join(' ')}` : 'The file holds no vCard.', 'file');
    }
    return this.writing(auth.accountId, async (trx) => {
      const current = await repo.currentVersion(trx, auth.accountId);
      const book = current ? await this.cardsOf(trx, auth.accountId, current.id) : [];
      const { added, merged } = mergeInto(book, parsed.cards, newId);
      const version = await this.saveVersion(trx, auth.accountId, 'IMPORT', book);
      return { version, added, merged, skipped: parsed.errors, warnings: parsed.warnings };
    });
  }

  /** The chosen version becomes the current address book again, as a new version (the old ones stay). */
  async restore(auth: AuthContext, versionId: string): Promise<VersionItem> {
    return this.writing(auth.accountId, async (trx) => {
      const version = await this.version(auth, versionId, trx);
      return this.saveVersion(trx, auth.accountId, 'RESTORE', await this.cardsOf(trx, auth.accountId, version.id));
    });
  }

  async deleteVersion(auth: AuthContext, versionId: string): Promise<{ id: string }> {
    await this.writing(auth.accountId, async (trx) => {
      await this.version(auth, versionId, trx);
      await repo.deleteVersions(trx, auth.accountId, [versionId]);
    });
    return { id: versionId };
  }

  /** The version as one .vcf, produced chunk by chunk so a large address book never sits in memory as text. */
  async export(auth: AuthContext, versionId: string, format: VCardVersion): Promise<{ stream: Readable; createdAt: number }> {
    const version = await this.version(auth, versionId);
    const { db } = this.d;
    async function* cards() {
      for (let from = 0; ; ) {
        const rows = await repo.cardsFrom(db, auth.accountId, version.id, from, CHUNK);
        if (rows.length === 0) return;
        yield rows.map((r) => writeVCard(JSON.parse(r.card_json) as Card, format)).join('');
        from = Number(rows[rows.length - 1]!.position) + 1;
      }
    }
    return { stream: Readable.from(cards()), createdAt: Number(version.created_at) };
  }

  /** The current version (what CardDAV serves as the one address book), or undefined before the first one. */
  currentVersion(accountId: string) {
    return repo.currentVersion(this.d.db, accountId);
  }

  /** One card of a version with its stored ETag, for a DAV GET, PUT precondition or multiget. */
  async card(accountId: string, versionId: string, id: string): Promise<{ id: string; etag: string; card: Card } | null> {
    const row = await repo.getContact(this.d.db, accountId, versionId, id);
    return row ? { id: row.id, etag: row.etag, card: JSON.parse(row.card_json) as Card } : null;
  }

  /** The ETags of a version by contact id, or null when the account has no such version (pruned, replaced, never). */
  async etags(accountId: string, versionId: string): Promise<Map<string, string> | null> {
    if (!(await repo.getVersion(this.d.db, accountId, versionId))) return null;
    return new Map((await repo.etagsOf(this.d.db, accountId, versionId)).map((r) => [r.id, r.etag]));
  }

  /** Every card of a version, chunk by chunk, so a PROPFIND of a large address book streams. */
  async *cards(accountId: string, versionId: string): AsyncIterable<{ id: string; etag: string; card: Card }> {
    for (let from = 0; ; ) {
      const rows = await repo.cardsFrom(this.d.db, accountId, versionId, from, CHUNK);
      if (rows.length === 0) return;
      for (const r of rows) yield { id: r.id, etag: r.etag, card: JSON.parse(r.card_json) as Card };
      from = Number(rows[rows.length - 1]!.position) + 1;
    }
  }

  /**
   * One card written or deleted by a phone over CardDAV. The address book with the change becomes a SYNC version;
   * a SYNC version of the same UTC day is replaced by it, so phones' changes roll into one daily backup version
   * while imports and restores keep their own. `expect` is the ETag the client based its change on (null: the card
   * must not exist yet), checked again inside the transaction so two phones cannot overwrite each other unseen.
   */
  async applyPhoneChange(accountId: string, change: { id: string; card: Card | null; expect?: string | null }): Promise<{ created: boolean; version: VersionItem }> {
    return this.writing(accountId, async (trx) => {
      const current = await repo.currentVersion(trx, accountId);
      const book = current ? await this.cardsOf(trx, accountId, current.id) : [];
      const at = book.findIndex((c) => c.id === change.id);
      const etag = at >= 0 ? cardEtag(book[at]!.card) : null;
      if (change.expect !== undefined && change.expect !== etag) throw Conflict('CONTACT_CHANGED', 'The contact changed since it was read.');
      if (change.card === null) {
        if (at < 0) throw NotFound('Contact not found.');
        book.splice(at, 1);
      } else if (at >= 0) book[at] = { id: change.id, card: change.card };
      else book.push({ id: change.id, card: change.card });
      const version = await this.saveVersion(trx, accountId, 'SYNC', book);
      if (current?.source === 'SYNC' && utcDay(Number(current.created_at)) === utcDay(this.d.clock())) await repo.deleteVersions(trx, accountId, [current.id]);
      return { created: at < 0, version };
    });
  }

  /**
   * A transaction that changes the account's address book, holding the account's row: each change reads the current
   * version and writes the next, so two at once (two phones, an import beside a sync) must not both build on the same one.
   */
  private writing<T>(accountId: string, fn: (trx: Executor) => Promise<T>): Promise<T> {
    return this.d.db.transaction().execute(async (trx) => {
      await lockAccount(trx, accountId);
      return fn(trx);
    });
  }

  /**
   * Writes a new version of the account's address book and applies the retention rule. `contacts` keep their ids
   * (a contact is the same resource across versions); positions follow the first-name collation.
   */
  async saveVersion(trx: Executor, accountId: string, source: ContactVersionSource, contacts: Array<{ id: string; card: Card }>): Promise<VersionItem> {
    if (contacts.length > MAX_CONTACTS) throw ValidationError(`An address book holds at most ${MAX_CONTACTS} contacts.`, 'file');
    const rows = contacts.map(({ id, card }) => ({ id, card, first: firstName(card), name: displayName(card) }));
    rows.sort((a, b) => collator.compare(a.first, b.first) || collator.compare(a.name, b.name) || (a.id < b.id ? -1 : 1));
    const { id } = timeOrderedId();
    const createdAt = this.d.clock();
    const version = { account_id: accountId, id, source, contact_count: rows.length, created_at: createdAt };
    const newContacts: NewContact[] = rows.map((r, position) => ({
      account_id: accountId,
      version_id: id,
      id: r.id,
      position,
      display_name: r.name,
      first_name: r.card.name.given || r.name,
      last_name: r.card.name.family,
      phones_json: JSON.stringify(r.card.phones.map((p) => p.value)),
      emails_json: JSON.stringify(r.card.emails.map((e) => e.value)),
      search_text: searchText(r.card),
      card_json: JSON.stringify(r.card),
      etag: cardEtag(r.card),
    }));
    await repo.createVersion(trx, version, newContacts);
    const all = await repo.listVersions(trx, accountId);
    await repo.deleteVersions(trx, accountId, versionsToPrune(all, createdAt));
    return toVersionItem(version, id);
  }

  /** Every card of a version with its contact id, in order. */
  async cardsOf(db: Executor, accountId: string, versionId: string): Promise<Array<{ id: string; card: Card }>> {
    const out: Array<{ id: string; card: Card }> = [];
    for (let from = 0; ; ) {
      const rows = await repo.cardsFrom(db, accountId, versionId, from, CHUNK * 4);
      if (rows.length === 0) return out;
      for (const r of rows) out.push({ id: r.id, card: JSON.parse(r.card_json) as Card });
      from = Number(rows[rows.length - 1]!.position) + 1;
    }
  }

  /** The caller's version, or 404: another account's version id is indistinguishable from one that never existed. */
  private async version(auth: AuthContext, versionId: string, db: Executor = this.d.db) {
    const version = await repo.getVersion(db, auth.accountId, versionId);
    if (!version) throw NotFound('Backup version not found.');
    return version;
  }
}
