import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import type { DB } from '../../infra/db/schema.js';
import type { Executor } from '../../infra/db/executor.js';
import type { AuthContext } from '../../shared/auth-context.js';
import { Conflict, NotFound, ValidationError } from '../../shared/errors.js';
import { timeOrderedId } from '../../shared/ids.js';
import { toLanguage, type Language } from '../../shared/schemas.js';
import { newId } from '../../shared/tokens.js';
import { getById as getAccount } from '../account/account.identity.public.js';
import { lockAccount } from '../account/account.lock.public.js';
import { foldWords } from '../search-index/search-index.public.js';
import { displayName, etagOfJson, firstName, mergeInto, searchText, type Card } from './contacts.card.js';
import { contactsTexts, problemText } from './contacts.messages.js';
import { compareContacts, KEY_GAP, keysAmong } from './contacts.order.js';
import * as repo from './contacts.repository.js';
import { versionsToPrune } from './contacts.retention.js';
import { CONTACTS_PAGE_SIZE, SEARCH_MIN_LENGTH, toContactCard, toContactItem, toVersionItem, type PageQuery, type SearchQuery, type VersionItem } from './contacts.schemas.js';
import { OPEN_SEQ, type ContactEntry, type ContactVersion, type ContactVersionSource, type EntryContent } from './contacts.table.js';
import { PageEnds } from './contacts.page-ends.js';
import { parseVCards, type ParseProblem } from './contacts.vcard-parse.js';
import { writeVCard, type VCardVersion } from './contacts.vcard-write.js';

/** Contacts one version may hold: several times the largest real address books, small enough to sort in memory. */
export const MAX_CONTACTS = 50_000;
/** Entries read per query while exporting, syncing or copying a version. */
const CHUNK = 500;
/** Pages of sort keys one query reads when a page is jumped to (1,000 keys at 100 a page). */
const WALK_PAGES = 10;

const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export interface ImportOutcome {
  version: VersionItem;
  added: number;
  merged: number;
  skipped: ParseProblem[];
  warnings: ParseProblem[];
}

/** A contact about to be written: its entry's content, and the card's JSON when it is not stored yet. */
type Placed = EntryContent & { card_json?: string };

/** A card's entry content (list columns, folded search text, ETag) and JSON, each computed once. */
function place(id: string, card: Card): Placed {
  const json = JSON.stringify(card);
  const name = displayName(card);
  return {
    contact_id: id,
    sort_first: firstName(card),
    display_name: name,
    first_name: card.name.given || name,
    last_name: card.name.family,
    phones_json: JSON.stringify(card.phones.map((p) => p.value)),
    emails_json: JSON.stringify(card.emails.map((e) => e.value)),
    search_text: searchText(card),
    etag: etagOfJson(json),
    card_json: json,
  };
}

/** An entry's content to copy into another state of the book (its card is stored already). */
const contentOf = (e: ContactEntry): Placed => ({
  contact_id: e.contact_id,
  sort_first: e.sort_first,
  display_name: e.display_name,
  first_name: e.first_name,
  last_name: e.last_name,
  phones_json: e.phones_json,
  emails_json: e.emails_json,
  search_text: e.search_text,
  etag: e.etag,
});

/**
 * Contacts backup (issue 31). A version is an immutable snapshot of the address book; the newest is the current one.
 * Versions share entries (contacts.table.ts): each change of the book gets the next seq, closes the entries of the
 * contacts it changes or removes and opens entries for the new content, so unchanged contacts are written once. The
 * CardDAV mount (contacts.carddav.ts) reads the book at its seq and rolls phones' changes into a daily version through
 * `applyPhoneChange`. Texts (errors, import problems, type labels) are in the account's language (contacts.messages.ts),
 * as every server text: read only when a text is sent, so pages and searches cost no extra query.
 */
export class ContactsService {
  /** Where pages ended, so the next page (or one jumped to again) is a keyset range, not an OFFSET scan. */
  private readonly pageEnds = new PageEnds();

  constructor(private readonly d: { db: Kysely<DB>; clock: () => number }) {}

  async listVersions(auth: AuthContext): Promise<VersionItem[]> {
    const versions = await repo.listVersions(this.d.db, auth.accountId);
    return versions.map((v) => toVersionItem(v, versions[0]?.id));
  }

  async page(auth: AuthContext, versionId: string, q: PageQuery) {
    const version = await this.version(auth, versionId);
    const size = q.maxResult ?? CONTACTS_PAGE_SIZE;
    const page = q.currentPage ?? 1;
    const desc = q.sortOrder === 'DESC';
    const seq = Number(version.seq);
    const ends = (p: number, end: number) => this.pageEnds.remember(auth.accountId, seq, desc, size, p, end);
    // From the nearest page whose end is known, walk to the page's start over sort keys alone, a few pages a query.
    let { page: known, end } = this.pageEnds.nearest(auth.accountId, seq, desc, size, page);
    while (known < page - 1) {
      const pages = Math.min(page - 1 - known, WALK_PAGES);
      const keys = await repo.keysAfter(this.d.db, auth.accountId, seq, end, pages * size, desc);
      for (let i = size - 1; i < keys.length; i += size) ends(known + (i + 1) / size, keys[i]!);
      if (keys.length < pages * size) return { items: [] };
      known += pages;
      end = keys.at(-1)!;
    }
    const rows = await repo.pageAfter(this.d.db, auth.accountId, seq, end, size, desc);
    if (rows.length === size) ends(page, rows.at(-1)!.sort_key);
    return { items: rows.map(toContactItem) };
  }

  async search(auth: AuthContext, q: SearchQuery) {
    if (q.query.trim().length < SEARCH_MIN_LENGTH) throw ValidationError((await this.texts(auth.accountId)).searchTooShort(SEARCH_MIN_LENGTH), 'query');
    const version = q.versionId ? await this.version(auth, q.versionId) : await repo.currentVersion(this.d.db, auth.accountId);
    const words = foldWords(q.query);
    if (!version || words.length === 0) return { items: [], totalCount: 0 };
    const size = q.maxResult ?? CONTACTS_PAGE_SIZE;
    const offset = ((q.currentPage ?? 1) - 1) * size;
    const seq = Number(version.seq);
    // One scan for the count and the page (it was two: the count, then the page in order).
    const keys = await repo.matchingKeys(this.d.db, auth.accountId, seq, words);
    if (q.sortOrder === 'DESC') keys.reverse();
    const page = keys.slice(offset, offset + size);
    const rows = new Map((await repo.entriesWithKeys(this.d.db, auth.accountId, seq, page)).map((r) => [Number(r.sort_key), r]));
    return { items: page.map((k) => toContactItem(rows.get(k)!)), totalCount: keys.length };
  }

  async contact(auth: AuthContext, versionId: string, contactId: string) {
    const lang = await this.language(auth.accountId);
    const version = await repo.getVersion(this.d.db, auth.accountId, versionId);
    const found = version ? await this.cardAt(auth.accountId, Number(version.seq), contactId) : null;
    if (!found) throw NotFound(contactsTexts(lang).contactNotFound);
    return toContactCard(found.entry, found.card, lang);
  }

  /**
   * A .vcf file becomes a new version: the current contacts plus the file's cards, a card that is already there
   * (same UID, or same name with a phone or e-mail in common) completing it instead of doubling it. Broken cards are reported by line and skipped; a file with
   * no good card changes nothing. Only new and completed contacts are written.
   */
  async importVCards(auth: AuthContext, bytes: Buffer): Promise<ImportOutcome> {
    const lang = await this.language(auth.accountId);
    const texts = contactsTexts(lang);
    const parsed = parseVCards(bytes);
    const inLang = (p: ParseProblem): ParseProblem => ({ ...p, message: problemText(lang, p.reason, p.line) });
    if (parsed.cards.length === 0) {
      const first = parsed.errors.slice(0, 3).map((e) => inLang(e).message);
      throw ValidationError(first.length > 0 ? texts.nothingRead(first.join(' ')) : texts.noVCard, 'file');
    }
    return this.writing(auth.accountId, async (trx) => {
      const seq = (await repo.getBook(trx, auth.accountId))?.seq ?? 0;
      const book = await this.cardsAt(trx, auth.accountId, seq);
      const before = new Map(book.map((e) => [e.id, e.card]));
      const { added, merged } = mergeInto(book, parsed.cards, newId);
      const put = book.filter((e) => before.get(e.id) !== e.card).map((e) => place(e.id, e.card));
      const { seq: next, count } = await this.commit(trx, auth.accountId, { put });
      const version = await this.recordVersion(trx, auth.accountId, 'IMPORT', next, count);
      return { version, added, merged, skipped: parsed.errors.map(inLang), warnings: parsed.warnings.map(inLang) };
    });
  }

  /** The chosen version becomes the current address book again, as a new version (the old ones stay). */
  async restore(auth: AuthContext, versionId: string): Promise<VersionItem> {
    return this.writing(auth.accountId, async (trx) => {
      const version = await this.version(auth, versionId, trx);
      const target = await this.entriesAt(trx, auth.accountId, Number(version.seq));
      const { seq, count } = await this.commit(trx, auth.accountId, { put: target, replace: true });
      return this.recordVersion(trx, auth.accountId, 'RESTORE', seq, count);
    });
  }

  /** Deleting the current version makes the one before it current again (phones receive that as changes). */
  async deleteVersion(auth: AuthContext, versionId: string): Promise<{ id: string }> {
    await this.writing(auth.accountId, async (trx) => {
      const version = await this.version(auth, versionId, trx);
      const [current, previous] = await repo.listVersions(trx, auth.accountId);
      if (current!.id === version.id) {
        const target = previous ? await this.entriesAt(trx, auth.accountId, Number(previous.seq)) : [];
        const { seq, count } = await this.commit(trx, auth.accountId, { put: target, replace: true });
        if (previous) await repo.updateVersion(trx, auth.accountId, previous.id, { seq, contact_count: count });
      }
      await repo.deleteVersions(trx, auth.accountId, [versionId]);
      await this.collect(trx, auth.accountId);
    });
    return { id: versionId };
  }

  /** The version as one .vcf, produced chunk by chunk so a large address book never sits in memory as text. */
  async export(auth: AuthContext, versionId: string, format: VCardVersion): Promise<{ stream: Readable; createdAt: number }> {
    const version = await this.version(auth, versionId);
    const cards = this.cards(auth.accountId, Number(version.seq));
    async function* text() {
      for await (const c of cards) yield writeVCard(c.card, format);
    }
    return { stream: Readable.from(text()), createdAt: Number(version.created_at) };
  }

  /** Download all my data: the current address book as one vCard 3.0 text, or null when there is none. */
  async exportCurrent(accountId: string): Promise<string | null> {
    const version = await this.currentVersion(accountId);
    if (!version) return null;
    let text = '';
    for await (const c of this.cards(accountId, Number(version.seq))) text += writeVCard(c.card, '3.0');
    return text;
  }

  /** The current version (its creation time dates the CardDAV book), or undefined before the first one. */
  currentVersion(accountId: string) {
    return repo.currentVersion(this.d.db, accountId);
  }

  /** The address book's state: its seq (the sync token) and the oldest seq a token may still name. */
  async book(accountId: string): Promise<{ seq: number; floor: number }> {
    return (await repo.getBook(this.d.db, accountId)) ?? { seq: 0, floor: 0 };
  }

  /** One card of the book at `seq` with its ETag, for a DAV GET, PUT precondition or multiget. */
  async cardAt(accountId: string, seq: number, contactId: string, db: Executor = this.d.db): Promise<{ id: string; etag: string; card: Card; entry: ContactEntry } | null> {
    const entry = await repo.entryAt(db, accountId, seq, contactId);
    if (!entry) return null;
    const json = (await repo.cardsByEtag(db, accountId, [entry.etag])).get(entry.etag)!;
    return { id: entry.contact_id, etag: entry.etag, card: JSON.parse(json) as Card, entry };
  }

  /** Every card of the book at `seq`, in order, chunk by chunk, so a PROPFIND or an export of a large book streams. */
  async *cards(accountId: string, seq: number, since?: number): AsyncIterable<{ id: string; etag: string; card: Card }> {
    const { db } = this.d;
    for (let after = Number.MIN_SAFE_INTEGER; ; ) {
      const rows =
        since === undefined ? await repo.entriesAfter(db, accountId, seq, after, CHUNK) : await repo.entriesChangedAfter(db, accountId, since, seq, after, CHUNK);
      if (rows.length === 0) return;
      const cards = await repo.cardsByEtag(db, accountId, rows.map((r) => r.etag));
      for (const r of rows) yield { id: r.contact_id, etag: r.etag, card: JSON.parse(cards.get(r.etag)!) as Card };
      after = Number(rows[rows.length - 1]!.sort_key);
    }
  }

  /**
   * What changed since the sync token `since` (RFC 6578): the cards made or changed after it, as the book is at `seq`,
   * and the contacts gone. Null when `since` is older than the book's floor (its entries are gone) or from the future.
   */
  async changesSince(accountId: string, since: number) {
    const book = await this.book(accountId);
    if (!Number.isSafeInteger(since) || since < book.floor || since > book.seq) return null;
    return { seq: book.seq, changed: this.cards(accountId, book.seq, since), removed: await repo.contactsRemovedBetween(this.d.db, accountId, since, book.seq) };
  }

  /**
   * One card written or deleted by a phone over CardDAV. The address book with the change becomes a SYNC version;
   * a SYNC version of the same UTC day takes it in place, so phones' changes roll into one daily backup version
   * while imports and restores keep their own. `expect` is the ETag the client based its change on (null: the card
   * must not exist yet), checked again inside the transaction so two phones cannot overwrite each other unseen.
   * One entry is closed and one opened, whatever the size of the book.
   */
  async applyPhoneChange(accountId: string, change: { id: string; card: Card | null; expect?: string | null }): Promise<{ created: boolean; version: VersionItem }> {
    return this.writing(accountId, async (trx) => {
      const seq = (await repo.getBook(trx, accountId))?.seq ?? 0;
      const was = await repo.entryAt(trx, accountId, seq, change.id);
      if (change.expect !== undefined && change.expect !== (was?.etag ?? null)) throw Conflict('CONTACT_CHANGED', (await this.texts(accountId, trx)).contactChanged);
      if (change.card === null && !was) throw NotFound((await this.texts(accountId, trx)).contactNotFound);
      const written = await this.commit(trx, accountId, change.card === null ? { remove: [change.id] } : { put: [place(change.id, change.card)] });
      const version = await this.recordVersion(trx, accountId, 'SYNC', written.seq, written.count);
      return { created: !was, version };
    });
  }

  /**
   * A transaction that changes the account's address book, holding the account's row: each change reads the current
   * state and writes the next, so two at once (two phones, an import beside a sync) must not both build on the same one.
   */
  private writing<T>(accountId: string, fn: (trx: Executor) => Promise<T>): Promise<T> {
    return this.d.db.transaction().execute(async (trx) => {
      await lockAccount(trx, accountId);
      return fn(trx);
    });
  }

  /**
   * The book's next state: `put` contacts written (one whose ETag is unchanged is left as it is), `remove` ones and,
   * with `replace`, every contact not in `put` closed. New entries get sort keys between their neighbours' so the
   * entries shared with older versions keep theirs; when a gap is used up, the book is numbered afresh (copied once).
   */
  private async commit(trx: Executor, accountId: string, change: { put?: Placed[]; remove?: string[]; replace?: boolean }): Promise<{ seq: number; count: number }> {
    const stored = await repo.getBook(trx, accountId);
    const book = stored ?? { seq: 0, floor: 0 };
    const seq = book.seq + 1;
    const open = await repo.orderAt(trx, accountId, book.seq);
    const byId = new Map(open.map((e) => [e.contact_id, e]));
    const closing = new Set<string>();
    let fresh: Placed[] = [];
    for (const p of change.put ?? []) {
      const was = byId.get(p.contact_id);
      if (was?.etag === p.etag) continue;
      if (was) closing.add(was.row_id);
      fresh.push(p);
    }
    for (const id of change.remove ?? []) {
      const was = byId.get(id);
      if (was) closing.add(was.row_id);
    }
    if (change.replace) {
      const wanted = new Set((change.put ?? []).map((p) => p.contact_id));
      for (const e of open) if (!wanted.has(e.contact_id)) closing.add(e.row_id);
    }
    const kept = open.filter((e) => !closing.has(e.row_id));
    const count = kept.length + fresh.length;
    if (count > MAX_CONTACTS) throw ValidationError((await this.texts(accountId, trx)).tooMany(MAX_CONTACTS), 'file');
    fresh.sort(compareContacts);
    let keys = keysAmong(kept, fresh);
    if (!keys) {
      // A gap is used up: every contact gets a new entry, numbered afresh.
      const keptIds = new Set(kept.map((e) => e.contact_id));
      const copies = (await this.entriesAt(trx, accountId, book.seq)).filter((e) => keptIds.has(e.contact_id));
      for (const e of kept) closing.add(e.row_id);
      fresh = [...copies, ...fresh].sort(compareContacts);
      keys = fresh.map((_, i) => (i + 1) * KEY_GAP);
    }
    await repo.closeEntries(trx, accountId, [...closing], seq);
    await repo.insertCards(
      trx,
      accountId,
      fresh.flatMap((p) => (p.card_json === undefined ? [] : [{ etag: p.etag, card_json: p.card_json }])),
    );
    await repo.insertEntries(
      trx,
      fresh.map(({ card_json: _json, ...content }, i) => ({ ...content, account_id: accountId, row_id: randomUUID(), from_seq: seq, to_seq: OPEN_SEQ, sort_key: keys[i]! })),
    );
    await repo.saveBook(trx, accountId, { seq, floor: book.floor }, stored !== undefined);
    return { seq, count };
  }

  /**
   * The book's new state as a version and the retention rule applied. A phone's change on the day of a SYNC version
   * moves that version to the new state instead of adding one.
   */
  private async recordVersion(trx: Executor, accountId: string, source: ContactVersionSource, seq: number, count: number): Promise<VersionItem> {
    const now = this.d.clock();
    const current = await repo.currentVersion(trx, accountId);
    if (source === 'SYNC' && current?.source === 'SYNC' && utcDay(Number(current.created_at)) === utcDay(now)) {
      await repo.updateVersion(trx, accountId, current.id, { seq, contact_count: count, created_at: now });
      return toVersionItem({ ...current, seq, contact_count: count, created_at: now }, current.id);
    }
    const version: ContactVersion = { account_id: accountId, id: timeOrderedId().id, source, contact_count: count, created_at: now, seq, first_seq: seq };
    await repo.createVersion(trx, version);
    await repo.deleteVersions(trx, accountId, versionsToPrune(await repo.listVersions(trx, accountId), now));
    await this.collect(trx, accountId);
    return toVersionItem(version, version.id);
  }

  /**
   * Drops what no version shows any more: entries closed at or before the state the oldest version was made with.
   * Entries of the states in between (the day's SYNC version moving on) stay while their versions do, so phones'
   * tokens keep working; a token older than a dropped entry's closing asks for a full sync (the book's floor).
   */
  private async collect(trx: Executor, accountId: string): Promise<void> {
    const book = await repo.getBook(trx, accountId);
    if (!book) return;
    const versions = await repo.listVersions(trx, accountId);
    const cutoff = versions.length > 0 ? Math.min(...versions.map((v) => Number(v.first_seq))) : book.seq;
    const closed = await repo.dropEntriesClosedBy(trx, accountId, cutoff);
    if (closed !== null && closed > book.floor) await repo.saveBook(trx, accountId, { seq: book.seq, floor: closed }, true);
  }

  /** Every entry of the book at `seq` as content to write again (restore, renumbering). */
  private async entriesAt(db: Executor, accountId: string, seq: number): Promise<Placed[]> {
    const out: Placed[] = [];
    for (let after = Number.MIN_SAFE_INTEGER; ; ) {
      const rows = await repo.entriesAfter(db, accountId, seq, after, CHUNK * 4);
      if (rows.length === 0) return out;
      for (const r of rows) out.push(contentOf(r));
      after = Number(rows[rows.length - 1]!.sort_key);
    }
  }

  /** Every card of the book at `seq` with its contact id, in order (an import merges into them). */
  private async cardsAt(db: Executor, accountId: string, seq: number): Promise<Array<{ id: string; card: Card }>> {
    const out: Array<{ id: string; card: Card }> = [];
    for (let after = Number.MIN_SAFE_INTEGER; ; ) {
      const rows = await repo.entriesAfter(db, accountId, seq, after, CHUNK * 4);
      if (rows.length === 0) return out;
      const cards = await repo.cardsByEtag(db, accountId, rows.map((r) => r.etag));
      for (const r of rows) out.push({ id: r.contact_id, card: JSON.parse(cards.get(r.etag)!) as Card });
      after = Number(rows[rows.length - 1]!.sort_key);
    }
  }

  /** The caller's version, or 404: another account's version id is indistinguishable from one that never existed. */
  private async version(auth: AuthContext, versionId: string, db: Executor = this.d.db) {
    const version = await repo.getVersion(db, auth.accountId, versionId);
    if (!version) throw NotFound((await this.texts(auth.accountId, db)).versionNotFound);
    return version;
  }

  /** The account's interface language, resolved as the web does (none: Turkish; one the product lacks: English). */
  private async language(accountId: string, db: Executor = this.d.db): Promise<Language> {
    const account = await getAccount(db, accountId);
    return account?.language ? toLanguage(account.language) : 'tr';
  }

  private async texts(accountId: string, db: Executor = this.d.db) {
    return contactsTexts(await this.language(accountId, db));
  }
}
