import { BadRequestDav, DavError } from '../../infra/dav/dav-errors.js';
import { liveProps, parsePropfind, propfindResponse, statusLine, type DavResource, type ExtraProps, type PropfindRequest } from '../../infra/dav/dav-props.js';
import { mountPath, readXml, type DavContext } from '../../infra/dav/dav-server.js';
import { child, DAV_NS, escapeXml, is, qkey, XML_HEAD, XmlWriter, type XmlElement } from '../../infra/dav/dav-xml.js';
import { displayName, type Card } from './contacts.card.js';
import { BOOK, CARD_NS, SERVED, SYNC_TOKEN_PREFIX, type ContactsPrincipal } from './contacts.carddav-props.js';
import { MAX_CONTACTS } from './contacts.service.js';
import { writeVCard } from './contacts.vcard-write.js';

type CardEntry = { resource: DavResource; card: Card };

/** What the REPORTs read: a card by its path, every card of the current address book, what changed since a token. */
export interface CardSource {
  cardAt(p: ContactsPrincipal, path: string): Promise<CardEntry | null>;
  allCards(p: ContactsPrincipal): AsyncIterable<CardEntry>;
  /**
   * The book's seq (the new token), the cards changed since the seq `since` (all of them when null) and the contacts
   * gone since; null when `since` is no longer (or never was) a token of the account's book.
   */
  changesSince(p: ContactsPrincipal, since: number | null): Promise<{ seq: number; changed: AsyncIterable<CardEntry>; removed: string[] } | null>;
  extraProps(p: ContactsPrincipal): ExtraProps;
}

/**
 * Hrefs a multiget may name at once: phones ask in batches of tens to hundreds, but tsdav asks for a whole book in one
 * (its initial sync), so as many as a book holds; the 1 MiB XML body bounds the request anyway.
 */
const MAX_HREFS = MAX_CONTACTS;

/** REPORT addressbook-multiget and addressbook-query (RFC 6352 §8.6–§8.7) on the address book. */
export async function carddavReport(ctx: DavContext<ContactsPrincipal>, source: CardSource, prefix: string): Promise<unknown> {
  const body = await readXml(ctx.req);
  if (!body) throw BadRequestDav('REPORT needs a body.');
  if (ctx.path !== BOOK) throw new DavError(403, 'supported-report', 'Reports run on the address book.');
  const request = propsOf(body);
  const w = new XmlWriter();
  const extra = source.extraProps(ctx.principal);
  const render = async (resource: DavResource, card: Card) => {
    const live = liveProps(resource, [], w, ctx.hrefOf);
    for (const [k, v] of await extra(resource)) live.set(k, v);
    const data = { ns: CARD_NS, name: 'address-data' };
    live.set(qkey(data), { q: data, xml: escapeXml(writeVCard(card, SERVED)) });
    return propfindResponse(request, w, ctx.hrefOf(resource.path), live, []);
  };
  let out = '';
  if (is(body, CARD_NS, 'addressbook-multiget')) {
    const hrefs = body.children.filter((c) => is(c, DAV_NS, 'href')).map((c) => c.text.trim());
    if (hrefs.length > MAX_HREFS) throw new DavError(403, 'number-of-matches-within-limits', `At most ${MAX_HREFS} hrefs.`);
    for (const href of hrefs) {
      const found = await source.cardAt(ctx.principal, mountPath(new URL(href, 'http://x').pathname, prefix));
      out += found ? await render(found.resource, found.card) : w.dav('response', w.dav('href', escapeXml(href)) + w.dav('status', statusLine(404)));
    }
  } else if (is(body, CARD_NS, 'addressbook-query')) {
    const filter = child(body, CARD_NS, 'filter');
    const limitEl = child(body, CARD_NS, 'limit');
    const nresults = limitEl ? Number(child(limitEl, CARD_NS, 'nresults')?.text.trim()) : Infinity;
    let n = 0;
    for await (const { resource, card } of source.allCards(ctx.principal)) {
      if (n >= nresults) break;
      if (filter && !matches(filter, card)) continue;
      out += await render(resource, card);
      n++;
    }
  } else if (is(body, DAV_NS, 'sync-collection')) {
    out = await syncCollection(ctx, source, body, render, w);
  } else throw new DavError(403, 'supported-report', 'Supported: addressbook-multiget, addressbook-query, sync-collection.');
  return ctx.reply.status(207).type('application/xml; charset=utf-8').send(`${XML_HEAD}<D:multistatus xmlns:D="DAV:">${out}</D:multistatus>`);
}

/**
 * RFC 6578: the cards changed since the token's seq (made or changed after it), the ones gone as 404, and the book's
 * seq as the new token. A token older than the book's oldest version (its entries are gone) is no longer valid:
 * 403 valid-sync-token, and the client syncs in full.
 */
async function syncCollection(ctx: DavContext<ContactsPrincipal>, source: CardSource, body: XmlElement, render: (r: DavResource, c: Card) => Promise<string>, w: XmlWriter) {
  const level = child(body, DAV_NS, 'sync-level')?.text.trim();
  if (level !== undefined && level !== '1') throw new DavError(403, 'number-of-matches-within-limits', 'Address books are one level deep.');
  const sent = child(body, DAV_NS, 'sync-token')?.text.trim() ?? '';
  const seq = sent.startsWith(SYNC_TOKEN_PREFIX) && /^\d{1,15}$/.test(sent.slice(SYNC_TOKEN_PREFIX.length)) ? Number(sent.slice(SYNC_TOKEN_PREFIX.length)) : null;
  if (sent !== '' && seq === null) throw new DavError(403, 'valid-sync-token', 'The sync token has expired: sync in full.');
  const changes = await source.changesSince(ctx.principal, sent === '' ? null : seq);
  if (!changes) throw new DavError(403, 'valid-sync-token', 'The sync token has expired: sync in full.');
  let out = '';
  for await (const { resource, card } of changes.changed) out += await render(resource, card);
  for (const id of changes.removed) out += w.dav('response', w.dav('href', escapeXml(ctx.hrefOf(`${BOOK}/${id}.vcf`))) + w.dav('status', statusLine(404)));
  return out + w.dav('sync-token', escapeXml(`${SYNC_TOKEN_PREFIX}${changes.seq}`));
}

function propsOf(body: XmlElement): PropfindRequest {
  if (child(body, DAV_NS, 'propname')) return { kind: 'propname' };
  if (child(body, DAV_NS, 'allprop')) return { kind: 'allprop', include: [] };
  const prop = child(body, DAV_NS, 'prop');
  // No prop named: the ETag and the card, which is what every client asks for anyway.
  if (!prop) return { kind: 'prop', props: [{ ns: DAV_NS, name: 'getetag' }, { ns: CARD_NS, name: 'address-data' }] };
  return parsePropfind({ ...body, ns: DAV_NS, name: 'propfind', children: [prop] });
}

/** The values a prop-filter tests, by vCard property name. */
function valuesOf(card: Card, name: string): string[] {
  switch (name.toUpperCase()) {
    case 'FN':
      return [displayName(card)];
    case 'N':
      return [[card.name.family, card.name.given, card.name.additional].filter(Boolean).join(' ')];
    case 'EMAIL':
      return card.emails.map((e) => e.value);
    case 'TEL':
      return card.phones.map((e) => e.value);
    case 'UID':
      return card.uid ? [card.uid] : [];
    case 'NICKNAME':
      return card.nickname ? [card.nickname] : [];
    case 'ORG':
      return card.org.length > 0 ? [card.org.join(' ')] : [];
    case 'NOTE':
      return card.note ? [card.note] : [];
    default:
      return [];
  }
}

/** The minimal filter of RFC 6352 §10.5: prop-filters with text-match (i;unicode-casemap) or is-not-defined. */
function matches(filter: XmlElement, card: Card): boolean {
  const props = filter.children.filter((c) => is(c, CARD_NS, 'prop-filter'));
  if (props.length === 0) return true;
  const results = props.map((pf) => propMatches(pf, card));
  return filter.attrs.test === 'allof' ? results.every(Boolean) : results.some(Boolean);
}

function propMatches(pf: XmlElement, card: Card): boolean {
  const values = valuesOf(card, pf.attrs.name ?? '');
  if (child(pf, CARD_NS, 'is-not-defined')) return values.length === 0;
  const tests = pf.children.filter((c) => is(c, CARD_NS, 'text-match'));
  if (tests.length === 0) return values.length > 0;
  const results = tests.map((tm) => {
    const needle = tm.text.toLowerCase();
    const type = tm.attrs['match-type'] ?? 'contains';
    const hit = values.some((v) => {
      const hay = v.toLowerCase();
      if (type === 'equals') return hay === needle;
      if (type === 'starts-with') return hay.startsWith(needle);
      if (type === 'ends-with') return hay.endsWith(needle);
      return hay.includes(needle);
    });
    return tm.attrs['negate-condition'] === 'yes' ? !hit : hit;
  });
  return pf.attrs.test === 'allof' ? results.every(Boolean) : results.some(Boolean);
}
