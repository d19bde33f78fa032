import type { DavResource, ExtraProps } from '../../infra/dav/dav-props.js';
import { DAV_NS, escapeXml, qkey, XmlWriter, type QName } from '../../infra/dav/dav-xml.js';
import type { ContactsService } from './contacts.service.js';
import type { Card } from './contacts.card.js';
import { writeVCard } from './contacts.vcard-write.js';

export const CARD_NS = 'urn:ietf:params:xml:ns:carddav';
/** getctag of Apple's calendarserver namespace: iOS and older DAVx5 compare it before any other request. */
export const CS_NS = 'http://calendarserver.org/ns/';
/** A sync-token is a URI (RFC 6578 §3.2): the book's seq, which grows with every change. */
export const SYNC_TOKEN_PREFIX = 'https://bulut.invalid/ns/contacts-sync/';

/** Where the phone finds itself: the mount's root is both the principal and its address-book home. */
export const HOME = '/';
/** The one address book: the current version. */
export const BOOK = '/book';
export const HOME_ID = 'carddav-home';
export const BOOK_ID = 'carddav-book';
/** The vCard version served: 3.0 is what iOS, DAVx5 and every other client read. */
export const SERVED = '3.0';
export const VCARD_TYPE = 'text/vcard; charset=utf-8';

export interface ContactsPrincipal {
  scopeId: string;
  accountId: string;
}

/** A card as a DAV resource under the address book; its name is its contact id with `.vcf`. */
export function cardResource(id: string, etag: string, card: Card, versionCreatedAt: number): DavResource {
  return {
    path: `${BOOK}/${id}.vcf`,
    id,
    collection: false,
    etag: `"${etag}"`,
    createdAt: versionCreatedAt,
    lastModifiedAt: versionCreatedAt,
    contentLength: Buffer.byteLength(writeVCard(card, SERVED)),
    contentType: VCARD_TYPE,
    displayName: `${id}.vcf`,
  };
}

export function collection(path: string, id: string, name: string, at: number): DavResource {
  return { path, id, collection: true, etag: null, createdAt: at, lastModifiedAt: at, contentLength: null, contentType: null, displayName: name };
}

/**
 * The CardDAV live properties (RFC 6352 §6–§7, RFC 5397, RFC 6578) for the home and the book; a card's ETag and type
 * come from the generic layer. `hrefOf` is the mount's.
 */
export function carddavProps(service: ContactsService, hrefOf: (path: string, collection?: boolean) => string) {
  return (p: ContactsPrincipal): ExtraProps => {
    let book: ReturnType<ContactsService['book']> | null = null;
    return async (r: DavResource) => {
      const w = new XmlWriter();
      const out = new Map<string, { q: QName; xml: string }>();
      const put = (q: QName, xml: string) => out.set(qkey(q), { q, xml });
      const href = (path: string) => w.dav('href', escapeXml(hrefOf(path, true)));
      put({ ns: DAV_NS, name: 'current-user-principal' }, href(HOME));
      if (r.path === HOME) {
        put({ ns: DAV_NS, name: 'resourcetype' }, w.dav('collection') + w.dav('principal'));
        put({ ns: DAV_NS, name: 'principal-URL' }, href(HOME));
        put({ ns: CARD_NS, name: 'addressbook-home-set' }, href(HOME));
      } else if (r.path === BOOK) {
        book ??= service.book(p.accountId);
        const token = String((await book).seq);
        put({ ns: DAV_NS, name: 'resourcetype' }, w.dav('collection') + w.el({ ns: CARD_NS, name: 'addressbook' }));
        put({ ns: CS_NS, name: 'getctag' }, escapeXml(token));
        put({ ns: DAV_NS, name: 'sync-token' }, escapeXml(`${SYNC_TOKEN_PREFIX}${token}`));
        put({ ns: CARD_NS, name: 'addressbook-description' }, 'Bulut');
        put({ ns: CARD_NS, name: 'supported-address-data' }, w.el({ ns: CARD_NS, name: 'address-data-type' }).replace('/>', ` content-type="text/vcard" version="${SERVED}"/>`));
        put({ ns: CARD_NS, name: 'max-resource-size' }, String(MAX_CARD_BYTES));
        const report = (q: QName) => w.dav('supported-report', w.dav('report', w.el(q)));
        put(
          { ns: DAV_NS, name: 'supported-report-set' },
          report({ ns: CARD_NS, name: 'addressbook-multiget' }) + report({ ns: CARD_NS, name: 'addressbook-query' }) + report({ ns: DAV_NS, name: 'sync-collection' }),
        );
      }
      const privilege = (name: string) => w.dav('privilege', w.dav(name));
      put({ ns: DAV_NS, name: 'current-user-privilege-set' }, ['read', 'write', 'write-content', 'bind', 'unbind'].map(privilege).join(''));
      return out;
    };
  };
}

/** A card's body as sent (a photo included): well above a phone's largest, far below a denial of service. */
export const MAX_CARD_BYTES = 2 * 1024 * 1024;
