import { createHash } from 'node:crypto';
import { foldText } from '../search-index/search-index.public.js';

/** One typed value of a card (a phone, an e-mail, a URL); types are upper case as vCard writes them (CELL, HOME…). */
export interface TypedValue {
  types: string[];
  value: string;
}

export interface Address {
  types: string[];
  poBox: string;
  extended: string;
  street: string;
  locality: string;
  region: string;
  postalCode: string;
  country: string;
}

export type Photo = { mediaType: string; data: string } | { uri: string };

/** A contact as we keep it: the fields people expect back after a round trip, independent of the vCard version. */
export interface Card {
  uid: string | null;
  fn: string;
  name: { family: string; given: string; additional: string; prefix: string; suffix: string };
  nickname: string;
  phones: TypedValue[];
  emails: TypedValue[];
  addresses: Address[];
  urls: TypedValue[];
  org: string[];
  title: string;
  birthday: string;
  note: string;
  photo: Photo | null;
}

export const emptyCard = (): Card => ({
  uid: null,
  fn: '',
  name: { family: '', given: '', additional: '', prefix: '', suffix: '' },
  nickname: '',
  phones: [],
  emails: [],
  addresses: [],
  urls: [],
  org: [],
  title: '',
  birthday: '',
  note: '',
  photo: null,
});

/** The name a list shows: FN, else the structured name, else the organisation, else the first phone or e-mail. */
export function displayName(card: Card): string {
  const fromParts = [card.name.prefix, card.name.given, card.name.additional, card.name.family, card.name.suffix].filter(Boolean).join(' ');
  return card.fn.trim() || fromParts || card.org.filter(Boolean).join(' ') || card.phones[0]?.value || card.emails[0]?.value || '';
}

/** The first name the spec sorts by (sortField=firstname); the display name when the card has no given name. */
export const firstName = (card: Card): string => card.name.given.trim() || displayName(card);

const digits = (phone: string): string => phone.replace(/\D+/g, '');

/** Folded words of the names, phones (as typed and as digits) and e-mails: what a search matches. */
export function searchText(card: Card): string {
  const parts = [displayName(card), card.name.given, card.name.family, card.nickname, card.org.join(' ')];
  // As typed, as digits, and nationally (last 10 digits, with and without the trunk 0): +90 532… is found by 0532.
  for (const p of card.phones) {
    const d = digits(p.value);
    parts.push(p.value, d);
    if (d.length > 10) parts.push(d.slice(-10), `0${d.slice(-10)}`);
  }
  for (const e of card.emails) parts.push(e.value);
  return ` ${foldText(parts.join(' '))} `;
}

/** A strong ETag of the card's content (the CardDAV mount serves it per card). */
export const cardEtag = (card: Card): string => etagOfJson(JSON.stringify(card));
/** The same from the card's JSON, when it is at hand anyway (it is stored under this hash). */
export const etagOfJson = (json: string): string => createHash('sha256').update(json).digest('base64url').slice(0, 22);

/** What makes two cards the same contact (`mergeInto`), computed once per card. */
interface MatchKeys {
  name: string;
  phones: Set<string>;
  emails: Set<string>;
}
const keysCache = new WeakMap<Card, MatchKeys>();
function matchKeys(card: Card): MatchKeys {
  let keys = keysCache.get(card);
  if (!keys) {
    keys = {
      name: foldText(displayName(card)),
      phones: new Set(card.phones.map((p) => digits(p.value).slice(-10)).filter(Boolean)),
      emails: new Set(card.emails.map((e) => e.value.toLowerCase())),
    };
    keysCache.set(card, keys);
  }
  return keys;
}

/** The older card completed by the newer one: phones, e-mails, addresses and URLs united, blanks filled. */
export function mergeCards(older: Card, newer: Card): Card {
  const unite = <T>(a: T[], b: T[], key: (v: T) => string) => {
    const seen = new Set(a.map(key));
    return [...a, ...b.filter((v) => !seen.has(key(v)))];
  };
  const phoneKey = (p: TypedValue) => digits(p.value).slice(-10) || p.value;
  return {
    uid: older.uid ?? newer.uid,
    fn: older.fn || newer.fn,
    name: older.name.given || older.name.family ? older.name : newer.name,
    nickname: older.nickname || newer.nickname,
    phones: unite(older.phones, newer.phones, phoneKey),
    emails: unite(older.emails, newer.emails, (e) => e.value.toLowerCase()),
    addresses: unite(older.addresses, newer.addresses, (a) => foldText(Object.values(a).slice(1).join(' '))),
    urls: unite(older.urls, newer.urls, (u) => u.value),
    org: older.org.length > 0 ? older.org : newer.org,
    title: older.title || newer.title,
    birthday: older.birthday || newer.birthday,
    note: older.note || newer.note,
    photo: older.photo ?? newer.photo,
  };
}

/** True when a card carries nothing a person could recognise it by. */
export const isBlank = (card: Card): boolean => displayName(card) === '';

/**
 * Adds cards to an address book, a card that is already there completing it instead of doubling it. Two cards are the
 * same contact when they share a UID, or when their folded names agree and they share a phone number (by its last 10
 * digits, so +90 532… and 0532… agree) or an e-mail address (or neither has any). Indexed by UID and by folded name with each phone and e-mail (or the bare name for a card with neither), so each
 * card is looked up by its own keys: a 10,000-card import with many same names stays linear.
 */
export function mergeInto(book: Array<{ id: string; card: Card }>, cards: Card[], newId: () => string): { added: number; merged: number } {
  type Entry = { id: string; card: Card; order: number };
  const byUid = new Map<string, Entry>();
  const byKey = new Map<string, Entry>();
  const keysOf = (card: Card): string[] => {
    const k = matchKeys(card);
    if (k.name === '') return [];
    if (k.phones.size + k.emails.size === 0) return [`${k.name}\u0000`];
    return [...[...k.phones].map((p) => `${k.name}\u0000p${p}`), ...[...k.emails].map((e) => `${k.name}\u0000e${e}`)];
  };
  // The earliest contact keeps a key, as a scan in book order would find it first.
  const index = (e: Entry) => {
    if (e.card.uid && !byUid.has(e.card.uid)) byUid.set(e.card.uid, e);
    for (const key of keysOf(e.card)) if (!byKey.has(key)) byKey.set(key, e);
  };
  const entries: Entry[] = book.map((b, order) => Object.assign(b, { order }));
  entries.forEach(index);
  let added = 0;
  let merged = 0;
  for (const card of cards) {
    let twin = card.uid ? byUid.get(card.uid) : undefined;
    if (!twin) {
      for (const key of keysOf(card)) {
        const found = byKey.get(key);
        if (found && (!twin || found.order < twin.order)) twin = found;
      }
    }
    if (twin) {
      twin.card = mergeCards(twin.card, card);
      index(twin);
      merged++;
    } else {
      const entry = Object.assign({ id: newId(), card }, { order: entries.length });
      entries.push(entry);
      book.push(entry);
      index(entry);
      added++;
    }
  }
  return { added, merged };
}
