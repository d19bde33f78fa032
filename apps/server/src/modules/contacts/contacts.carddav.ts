import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../infra/db/schema.js';
import { BadRequestDav, DavError } from '../../infra/dav/dav-errors.js';
import type { DavLock, LockStore } from '../../infra/dav/dav-locks.js';
import type { DavResource } from '../../infra/dav/dav-props.js';
import { readSmallBody, registerDavMethods, registerDavMount, type DavContext, type DavTree } from '../../infra/dav/dav-server.js';
import { rawBodies } from '../../infra/http/raw-body.js';
import { AppError } from '../../shared/errors.js';
import { DbPropertyStore, type AppPasswordService } from '../webdav/webdav.public.js';
import type { Card } from './contacts.card.js';
import { carddavProps, cardResource, collection, BOOK, BOOK_ID, HOME, HOME_ID, MAX_CARD_BYTES, SERVED, VCARD_TYPE, type ContactsPrincipal } from './contacts.carddav-props.js';
import { carddavReport, type CardSource } from './contacts.carddav-report.js';
import type { ContactsService } from './contacts.service.js';
import { parseVCards } from './contacts.vcard-parse.js';
import { writeVCard } from './contacts.vcard-write.js';

/** Where phones find the address book (README: iPhone and DAVx5 set-up); `/.well-known/carddav` points here. */
export const CONTACTS_MOUNT = '/dav/contacts';

/** A card's name is its contact id (a column of 36 characters) and `.vcf`: iOS and DAVx5 name cards `<UUID>.vcf`. */
const CARD_NAME = /^\/book\/([A-Za-z0-9_.@-]{1,36})\.vcf$/;

/**
 * Address books are not locked (the DAV class 2 is not offered, as most CardDAV servers): phones guard their writes
 * with ETags. A LOCK is refused, and there is never a lock to honour.
 */
class NoLocks implements LockStore {
  covering = async (): Promise<DavLock[]> => [];
  get = async (): Promise<DavLock | null> => null;
  insert = async (): Promise<void> => {
    throw new DavError(405, null, 'Address books are not locked: use ETags.');
  };
  refresh = async (): Promise<void> => undefined;
  remove = async (): Promise<boolean> => false;
  removeUnder = async (): Promise<void> => undefined;
}

/** The subscriber's current contacts version as one CardDAV address book. */
class ContactsTree implements DavTree<ContactsPrincipal>, CardSource {
  constructor(
    private readonly service: ContactsService,
    readonly extraProps: ReturnType<typeof carddavProps>,
  ) {}

  async stat(p: ContactsPrincipal, path: string): Promise<DavResource | null> {
    if (path === HOME) return collection(HOME, HOME_ID, '', 0);
    if (path === BOOK) return collection(BOOK, BOOK_ID, 'Contacts', await this.changedAt(p));
    return (await this.cardAt(p, path))?.resource ?? null;
  }

  /** When the book last changed: its current version's time (cards carry it as their last modification). */
  private async changedAt(p: ContactsPrincipal): Promise<number> {
    return Number((await this.service.currentVersion(p.accountId))?.created_at ?? 0);
  }

  async cardAt(p: ContactsPrincipal, path: string) {
    const id = CARD_NAME.exec(path)?.[1];
    if (!id) return null;
    const { seq } = await this.service.book(p.accountId);
    const found = await this.service.cardAt(p.accountId, seq, id);
    return found ? { resource: cardResource(found.id, found.etag, found.card, await this.changedAt(p)), card: found.card } : null;
  }

  async *allCards(p: ContactsPrincipal) {
    const { seq } = await this.service.book(p.accountId);
    yield* this.entries(p, this.service.cards(p.accountId, seq));
  }

  private async *entries(p: ContactsPrincipal, cards: AsyncIterable<{ id: string; etag: string; card: Card }>) {
    const at = await this.changedAt(p);
    for await (const c of cards) yield { resource: cardResource(c.id, c.etag, c.card, at), card: c.card };
  }

  async changesSince(p: ContactsPrincipal, since: number | null) {
    if (since === null) {
      const { seq } = await this.service.book(p.accountId);
      return { seq, changed: this.entries(p, this.service.cards(p.accountId, seq)), removed: [] };
    }
    const changes = await this.service.changesSince(p.accountId, since);
    return changes && { ...changes, changed: this.entries(p, changes.changed) };
  }

  async *children(p: ContactsPrincipal, dir: DavResource): AsyncIterable<DavResource> {
    if (dir.path === HOME) yield (await this.stat(p, BOOK))!;
    else if (dir.path === BOOK) for await (const c of this.allCards(p)) yield c.resource;
  }

  createEmpty(): Promise<void> {
    throw new DavError(405, null, 'Address books are not locked: use ETags.');
  }
}

/** The ETag a change was based on, for the service's check inside its transaction: null when the card is new. */
const seenEtag = (r: DavResource | null) => (r?.etag ? r.etag.slice(1, -1) : null);

async function readCard(req: FastifyRequest) {
  const bytes = await readSmallBody(req, MAX_CARD_BYTES, 'The card is too large.');
  if (!bytes) throw BadRequestDav('PUT needs a vCard.');
  const parsed = parseVCards(bytes);
  if (parsed.cards.length !== 1 || parsed.errors.length > 0) throw BadRequestDav('The body must be exactly one valid vCard.');
  return parsed.cards[0]!;
}

function methods(service: ContactsService, tree: ContactsTree) {
  const get = (head: boolean) => async (ctx: DavContext<ContactsPrincipal>) => {
    const found = await tree.cardAt(ctx.principal, ctx.path);
    if (!found) throw new DavError(ctx.resource ? 405 : 404, null, ctx.resource ? 'Only cards have a body.' : 'Not found.');
    const text = writeVCard(found.card, SERVED);
    ctx.reply.status(200).header('etag', found.resource.etag!).type(VCARD_TYPE);
    return head ? ctx.reply.header('content-length', Buffer.byteLength(text)).send() : ctx.reply.send(text);
  };
  return {
    GET: get(false),
    HEAD: get(true),
    PUT: async (ctx: DavContext<ContactsPrincipal>) => {
      const id = CARD_NAME.exec(ctx.path)?.[1];
      if (!id) throw new DavError(403, null, 'Cards are put in the address book as <name>.vcf, the name up to 36 letters, digits, "-", "_", "." or "@".');
      const card = await readCard(ctx.req);
      const { created } = await service.applyPhoneChange(ctx.principal.accountId, { id, card, expect: seenEtag(ctx.resource) });
      // No ETag: the stored card is the parsed one, not the bytes sent (RFC 6352 §6.3.2.3), so the phone reads it back.
      return ctx.reply.status(created ? 201 : 204).send();
    },
    DELETE: async (ctx: DavContext<ContactsPrincipal>) => {
      const id = CARD_NAME.exec(ctx.path)?.[1];
      if (!ctx.resource) throw new DavError(404, null, 'Not found.');
      if (!id) throw new DavError(403, null, 'Only cards can be deleted.');
      await service.applyPhoneChange(ctx.principal.accountId, { id, card: null, expect: seenEtag(ctx.resource) });
      return ctx.reply.status(204).send();
    },
    REPORT: (ctx: DavContext<ContactsPrincipal>) => carddavReport(ctx, tree, CONTACTS_MOUNT),
  };
}

/** The product's refusals in DAV terms: a card changed under the client is 412, others keep their status. */
function davStatusOf(err: unknown): DavError | null {
  if (!(err instanceof AppError)) return null;
  if (err.status === 'CONTACT_CHANGED') return new DavError(412, null, err.message);
  return err.httpStatus < 500 ? new DavError(err.httpStatus === 400 ? 403 : err.httpStatus, null, err.message) : null;
}

/** Registers the CardDAV mount and its well-known redirect (RFC 6764 §5) on the app, outside /api. */
export async function mountCardDav(app: FastifyInstance, d: { db: Kysely<DB>; service: ContactsService; passwords: AppPasswordService; clock?: () => number }) {
  const hrefOf = (path: string, isCollection = false) => `${CONTACTS_MOUNT}${path === '/' ? '/' : `${path}${isCollection ? '/' : ''}`}`;
  const tree = new ContactsTree(d.service, carddavProps(d.service, hrefOf));
  await registerDavMount<ContactsPrincipal>(app, {
    prefix: CONTACTS_MOUNT,
    classes: '1, 3, addressbook',
    authenticate: async (req) => {
      // A files-scoped password is refused here: each device password opens one kind of data.
      const auth = await d.passwords.authenticate(req.headers.authorization, 'contacts', req.ip);
      return { scopeId: auth.accountId, accountId: auth.accountId };
    },
    tree,
    properties: new DbPropertyStore(d.db),
    lockStore: new NoLocks(),
    methods: methods(d.service, tree),
    mapError: davStatusOf,
    clock: d.clock,
  });
  registerDavMethods(app);
  await app.register(async (wk) => {
    rawBodies(wk);
    wk.route({
      method: ['GET', 'HEAD', 'PROPFIND'],
      url: '/.well-known/carddav',
      exposeHeadRoute: false,
      schema: { hide: true },
      handler: async (_req, reply) => reply.redirect(`${CONTACTS_MOUNT}/`, 301),
    });
  });
}
