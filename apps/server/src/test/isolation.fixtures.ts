import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { authed, signUp, type TestApp } from './harness.js';
import { needsAccess, type IdSource, type RequestPart, type RouteRecord } from '../shared/access/access.plugin.js';
import { isOperatorPermission, kindOf, type OperatorPermission, type SubscriberPermission } from '../shared/access/permissions.js';
import { OPERATOR_ROLES, roleAllows, type OperatorRole } from '../shared/access/operator-roles.js';
import { isConsoleUrl } from '../shared/operator-context.js';
import { planOf } from '../modules/family/family.fixtures.js';

/**
 * Builds the isolation audit from the route table: two accounts that own one of everything, and requests that put
 * account A's id in each id place of a route in turn, with sample values from the route's schemas everywhere else.
 */
type Json = Record<string, unknown>;

interface IdField {
  in: RequestPart;
  path: string;
  /** The value at the path is a list of ids. */
  list: boolean;
}

/** What one account owns, made through the API. */
export interface Owned {
  token: string;
  accountId: string;
  folder: string;
  file: string;
  photo: string;
  album: string;
  upload: string;
  notification: string;
  project: string;
  link: string;
  /** The account's own signed-in session (a device in the devices list). */
  session: string;
  /** A payment (a wallet payment waiting for its code) and a saved card. */
  payment: string;
  card: string;
  /** A package order (paid by wallet, waiting for its code). */
  order: string;
  /** A person, a place and a thing of the account's photos. */
  person: string;
  place: string;
  thing: string;
  /** A For-you memory of the account's photo. */
  foryou: string;
  /** A contacts backup version and a contact in it. */
  contactVersion: string;
  contact: string;
  /** A person of the account's family library (issue 35), set once the account is in a family of its own. */
  familyPerson?: string;
  /** An album of the account's family library (issue 35), with the account's library photo in it. */
  familyAlbum?: string;
}

const PARTS: Record<RequestPart, string> = { params: 'params', query: 'querystring', headers: 'headers', body: 'body' };
const ID_NAME = /^(id|uuid)$|Id$|Uuid$|UuidList$|-uuid$|-id$/;

/** Every id-shaped field of a schema: format uuid, or named like an id. */
function scanIds(schema: unknown, part: RequestPart): IdField[] {
  const found = new Map<string, IdField>();
  const walk = (s: unknown, path: string[], name: string | undefined, list: boolean) => {
    if (!s || typeof s !== 'object') return;
    const node = s as Json;
    if (node.type === 'string' && (node.format === 'uuid' || (name !== undefined && ID_NAME.test(name)))) {
      const key = path.join('.');
      found.set(key, { in: part, path: key, list: list || found.get(key)?.list === true });
    }
    for (const [key, child] of Object.entries((node.properties as Json | undefined) ?? {})) walk(child, [...path, key], key, false);
    if (node.items) walk(node.items, path, name, path.length === 0 || !isObjectSchema(node.items));
    for (const branch of [...((node.anyOf as unknown[]) ?? []), ...((node.oneOf as unknown[]) ?? []), ...((node.allOf as unknown[]) ?? [])]) {
      walk(branch, path, name, list);
    }
  };
  walk(schema, [], undefined, false);
  return [...found.values()];
}

const isObjectSchema = (s: unknown) => typeof s === 'object' && s !== null && (s as Json).type === 'object';

/** A valid value for a schema: required properties only, the smallest lists and strings it allows. */
function sample(schema: unknown): unknown {
  const s = (schema ?? {}) as Json;
  if ('const' in s) return s.const;
  const branches = (s.anyOf ?? s.oneOf) as unknown[] | undefined;
  if (branches) return sample(branches.find((b) => (b as Json).type !== 'null') ?? branches[0]);
  switch (s.type) {
    case 'object': {
      const required = new Set((s.required as string[] | undefined) ?? []);
      return Object.fromEntries(
        Object.entries((s.properties as Json | undefined) ?? {})
          .filter(([k]) => required.has(k))
          .map(([k, v]) => [k, sample(v)]),
      );
    }
    case 'array':
      return Array.from({ length: Math.max(1, Number(s.minItems ?? 1)) }, () => sample(s.items));
    case 'integer':
    case 'number':
      return Number(s.minimum ?? 0);
    case 'boolean':
      return false;
    case 'null':
      return null;
    default:
      return sampleString(s);
  }
}

function sampleString(s: Json): string {
  if (s.format === 'uuid') return randomUUID();
  if (s.format === 'date-time') return '2026-01-01T00:00:00.000Z';
  const min = Math.max(1, Number(s.minLength ?? 1));
  const candidates = ['x', 'a1', '1', 'abc', 'WEB', 'en', 'abcdefgh', '2024-03-01', 'a@b.co'].map((c) => c.repeat(Math.ceil(min / c.length)));
  const pattern = typeof s.pattern === 'string' ? new RegExp(s.pattern) : null;
  const value = candidates.find((c) => !pattern || pattern.test(c));
  if (value === undefined) throw new Error(`no sample for pattern ${String(s.pattern)}`);
  return value;
}

/** Puts the id at the path, creating what is missing; a list gets just this id. */
function place(value: unknown, segments: readonly string[], id: string, list: boolean): unknown {
  if (segments.length === 0) return list ? [id] : id;
  if (Array.isArray(value)) return value.map((v) => place(v, segments, id, list));
  const obj = (value && typeof value === 'object' ? value : {}) as Json;
  return { ...obj, [segments[0]!]: place(obj[segments[0]!], segments.slice(1), id, list) };
}

export const keyOf = (f: { in: RequestPart; path: string }) => `${f.in}.${f.path}`;
export const routeName = (r: RouteRecord) => `${r.method} ${r.url}`;

/** The id of this account that fits the declared source (B's own ids fill the places not under test). */
function idFor(owner: Owned, source: IdSource | undefined, permission: SubscriberPermission, isA: boolean): string {
  if (!source) return owner.photo;
  const resolved = source.permission ?? permission;
  if (resolved === 'self') return owner.photo;
  switch (kindOf(resolved)) {
    case 'file':
      return source.folder ? owner.folder : owner.photo;
    case 'album':
      return owner.album;
    case 'upload':
      // A claim for B is a new uuid; A's open upload is what B must not take over.
      return source.claim && !isA ? randomUUID() : owner.upload;
    case 'notification':
      return owner.notification;
    case 'project':
      return owner.project;
    case 'link':
      return owner.link;
    case 'session':
      return owner.session;
    case 'payment':
      return owner.payment;
    case 'card':
      return owner.card;
    case 'order':
      return owner.order;
    case 'person':
      return owner.person;
    case 'place':
      return owner.place;
    case 'thing':
      return owner.thing;
    case 'foryou':
      return owner.foryou;
    case 'contact_version':
      return owner.contactVersion;
    case 'contact':
      return owner.contact;
    case 'family_person':
      if (!owner.familyPerson) throw new Error('the account is in no family yet');
      return owner.familyPerson;
    case 'family_album':
      if (!owner.familyAlbum) throw new Error('the account is in no family yet');
      return owner.familyAlbum;
  }
}

/** A's rows in every table a route could change, in a stable order. */
async function digest(t: TestApp, accountId: string): Promise<string> {
  const db = t.database.db;
  const [files, albums, uploads, notifications, shares, links, sessions, payments, cards, orders, people, places, things, foryou, contactVersions, contacts] = await Promise.all([
    db.selectFrom('file').selectAll().where('account_id', '=', accountId).orderBy('id').execute(),
    db.selectFrom('album').selectAll().where('account_id', '=', accountId).orderBy('id').execute(),
    db.selectFrom('upload').selectAll().where('account_id', '=', accountId).orderBy('id').execute(),
    db.selectFrom('notification').selectAll().where('account_id', '=', accountId).orderBy('id').execute(),
    db.selectFrom('share').selectAll().where('account_id', '=', accountId).orderBy('id').execute(),
    db.selectFrom('share_link').selectAll().where('account_id', '=', accountId).orderBy('id').execute(),
    // Not last_seen_at: using a session moves it.
    db.selectFrom('session').select(['id', 'revoked_at']).where('account_id', '=', accountId).orderBy('id').execute(),
    db.selectFrom('payment').selectAll().where('account_id', '=', accountId).orderBy('id').execute(),
    db.selectFrom('saved_card').selectAll().where('account_id', '=', accountId).orderBy('id').execute(),
    db.selectFrom('package_order').selectAll().where('account_id', '=', accountId).orderBy('id').execute(),
    db.selectFrom('person').selectAll().where('account_id', '=', accountId).orderBy('id').execute(),
    db.selectFrom('place').selectAll().where('account_id', '=', accountId).orderBy('id').execute(),
    db.selectFrom('thing').selectAll().where('account_id', '=', accountId).orderBy('id').execute(),
    db.selectFrom('foryou_item').selectAll().where('account_id', '=', accountId).orderBy('id').execute(),
    db.selectFrom('contact_version').selectAll().where('account_id', '=', accountId).orderBy('id').execute(),
    db.selectFrom('contact_entry').selectAll().where('account_id', '=', accountId).orderBy('contact_id').orderBy('from_seq').execute(),
  ]);
  const fileIds = files.map((f) => f.id);
  const albumIds = albums.map((a) => a.id);
  const members = await db
    .selectFrom('album_file')
    .selectAll()
    .where((eb) => eb.or([eb('album_id', 'in', albumIds), eb('file_id', 'in', fileIds)]))
    .orderBy('album_id')
    .orderBy('file_id')
    .execute();
  // The people of the account's family library (issue 35): a member of another family renames or merges none of them.
  const familyPeople = await db
    .selectFrom('family_person')
    .innerJoin('family_member', 'family_member.family_id', 'family_person.family_id')
    .selectAll('family_person')
    .where('family_member.account_id', '=', accountId)
    .orderBy('family_person.id')
    .execute();
  // The albums of the account's family library (issue 35) and what is in them: another family's member changes none.
  const familyAlbums = await db
    .selectFrom('family_album')
    .innerJoin('family_member', 'family_member.family_id', 'family_album.family_id')
    .selectAll('family_album')
    .where('family_member.account_id', '=', accountId)
    .orderBy('family_album.id')
    .execute();
  const familyAlbumItems =
    familyAlbums.length === 0
      ? []
      : await db
          .selectFrom('family_album_file')
          .selectAll()
          .where('album_id', 'in', familyAlbums.map((a) => a.id))
          .orderBy('album_id')
          .orderBy('file_id')
          .execute();
  return JSON.stringify({ files, albums, members, uploads, notifications, shares, links, sessions, payments, cards, orders, people, places, things, foryou, contactVersions, contacts, familyPeople, familyAlbums, familyAlbumItems });
}

async function upload(t: TestApp, token: string, name: string, opts: { parent?: string; contentType?: string } = {}) {
  const body = randomBytes(32);
  const res = await t.app.inject({
    method: 'PUT',
    url: `/api/upload/${randomUUID()}`,
    headers: {
      ...authed(token),
      'content-type': opts.contentType ?? 'application/octet-stream',
      'content-length': String(body.length),
      'x-object-meta-file-name': encodeURIComponent(name),
      'x-object-meta-parent-uuid': opts.parent ?? '',
    },
    payload: body,
  });
  if (res.statusCode !== 201) throw new Error(`upload failed: ${res.body}`);
  return res.json() as { uuid: string; projectId: string };
}

/**
 * A person, a place and a thing as the recognition jobs leave them: rows of their tables, since no route creates them
 * and face and object detection need real photographs.
 */
export async function recognised(t: TestApp, accountId: string): Promise<{ person: string; place: string; thing: string }> {
  const db = t.database.db;
  const at = Date.now();
  const ids = { person: randomUUID(), place: randomUUID(), thing: randomUUID() };
  await db
    .insertInto('person')
    .values({ id: ids.person, account_id: accountId, label: 'Ayşe', label_key: 'ayşe', status: 'ACTIVE', thumbnail_face_id: null, created_at: at, modified_at: at })
    .execute();
  await db
    .insertInto('place')
    .values({ id: ids.place, account_id: accountId, city_id: null, country_code: 'TR', name: 'TR', name_en: 'TR', latitude: 39, longitude: 35, created_at: at })
    .execute();
  await db.insertInto('thing').values({ id: ids.thing, account_id: accountId, tag: 'dog' }).execute();
  return ids;
}

/** A For-you memory as the daily generation leaves it: a row of its tables, since no route creates one. */
async function memory(t: TestApp, accountId: string, photo: string): Promise<string> {
  const id = randomUUID();
  const at = Date.now();
  await t.database.db
    .insertInto('foryou_item')
    .values({ id, account_id: accountId, kind: 'YEARS_AGO', status: 'NEW', key: `years-ago:isolation:${id}`, title_params: '{"yearsAgo":1,"year":2025,"date":"2025-01-01"}', cover_file_id: photo, result_key: null, created_at: at, expires_at: null })
    .execute();
  await t.database.db.insertInto('foryou_item_photo').values({ item_id: id, file_id: photo, position: 0 }).execute();
  return id;
}

/** A folder with a file, a photo in an album, an open upload and the welcome notification, all through the API. */
async function own(t: TestApp, account: { token: string; accountId: string }): Promise<Owned> {
  const { token } = account;
  const folder = randomUUID();
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/filesystem/createFolder',
    headers: { ...authed(token), 'folder-name': 'Private', 'folder-uuid': folder },
  });
  if (created.statusCode !== 200) throw new Error(`createFolder failed: ${created.body}`);
  const file = await upload(t, token, 'secret.txt', { parent: folder });
  const photo = await upload(t, token, 'beach.jpg', { contentType: 'image/jpeg' });
  const album = await t.app.inject({
    method: 'POST',
    url: '/api/album',
    headers: authed(token),
    payload: { contentType: 'album/photo', icon: 'sun', label: 'Summer' },
  });
  const albumId = album.json().uuid as string;
  const added = await t.app.inject({ method: 'PUT', url: `/api/album/addFiles/${albumId}`, headers: authed(token), payload: [photo.uuid] });
  if (added.statusCode !== 200) throw new Error(`addFiles failed: ${added.body}`);
  const open = randomUUID();
  const piece = randomBytes(10);
  const started = await t.app.inject({
    method: 'PUT',
    url: `/api/upload/${open}`,
    headers: {
      ...authed(token),
      'content-length': String(piece.length),
      'content-range': 'bytes 0-9/100',
      'x-object-meta-file-name': 'big.bin',
    },
    payload: piece,
  });
  if (started.statusCode !== 202) throw new Error(`open upload failed: ${started.body}`);
  const notes = await t.app.inject({ method: 'GET', url: '/api/notification/communication/fetch', headers: authed(token) });
  const link = await t.app.inject({
    method: 'POST',
    url: '/api/v2/share/public',
    headers: authed(token),
    payload: { fileUuidList: [folder], isAlbum: false },
  });
  if (link.statusCode !== 200) throw new Error(`createPublicShare failed: ${link.body}`);
  const sessions = await t.app.inject({ method: 'GET', url: '/api/auth/sessions', headers: authed(token) });
  const card = await t.app.inject({
    method: 'POST',
    url: '/api/payment/cards',
    headers: authed(token),
    payload: { card: { number: '4242424242424242', expiryMonth: 12, expiryYear: new Date().getUTCFullYear() + 2, cvc: '123', holderName: 'A B' }, paymentType: 3 },
  });
  if (card.statusCode !== 200) throw new Error(`saveCard failed: ${card.body}`);
  // Payments start in other modules (packages); a purpose of the audit's own makes one without them.
  try {
    t.app.payments.registerPurpose('ISOLATION_AUDIT', { onCaptured: async () => {} });
  } catch {
    // registered by the other account's set-up
  }
  const payment = await t.app.payments.start({
    accountId: account.accountId,
    purposeKind: 'ISOLATION_AUDIT',
    purposeRef: randomUUID(),
    amountMinor: 100,
    currency: 'TRY',
    description: 'audit',
    idempotencyKey: randomUUID(),
    method: { type: 'WALLET' },
    returnUrl: '/',
  });
  const { person, place, thing } = await recognised(t, account.accountId);
  const packages = await t.app.inject({ method: 'GET', url: '/api/packages', headers: authed(token) });
  const order = await t.app.inject({
    method: 'POST',
    url: '/api/packages/orders',
    headers: authed(token),
    payload: { packageId: packages.json().packages[0].id, idempotencyKey: randomUUID(), payment: { type: 'WALLET' } },
  });
  if (order.statusCode !== 200) throw new Error(`createPackageOrder failed: ${order.body}`);
  const contacts = await t.app.inject({
    method: 'POST',
    url: '/api/contacts/backup_version/import',
    headers: { ...authed(token), 'content-type': 'text/vcard' },
    payload: 'BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Ayşe Yılmaz\r\nTEL:05321234567\r\nEND:VCARD\r\n',
  });
  if (contacts.statusCode !== 200) throw new Error(`importContacts failed: ${contacts.body}`);
  const contactVersion = contacts.json().data.version.id as string;
  const contactRow = await t.database.db.selectFrom('contact_entry').select('contact_id as id').where('account_id', '=', account.accountId).executeTakeFirstOrThrow();
  return {
    contactVersion,
    contact: contactRow.id,
    ...account,
    order: order.json().orderId as string,
    person,
    place,
    thing,
    foryou: await memory(t, account.accountId, photo.uuid),
    folder,
    file: file.uuid,
    photo: photo.uuid,
    album: albumId,
    upload: open,
    notification: notes.json()[0].notificationId as string,
    project: file.projectId,
    link: link.json().uuid as string,
    session: (sessions.json() as Array<{ id: string; current: boolean }>).find((d) => d.current)!.id,
    payment: payment.payment.id,
    card: card.json().id as string,
  };
}

/**
 * Private shares around the two, none of which may let B reach A's ids: A's folder is shared with a third account,
 * and was shared with B until A removed B; A's photo was shared with B as editor for a day that is over; B shares its
 * own folder with A.
 */
async function withShares(t: TestApp, a: Owned, b: Owned, third: { user: { email: string } }) {
  const emailOf = async (o: Owned) => (await t.app.inject({ method: 'GET', url: '/api/account/info', headers: authed(o.token) })).json().email as string;
  const [emailA, emailB] = [await emailOf(a), await emailOf(b)];
  const share = async (from: Owned, items: string[], invitees: string[], type: string, duration: string) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/shares', headers: authed(from.token), payload: { items, invitees, type, duration } });
    if (res.statusCode !== 200) throw new Error(`share failed: ${res.body}`);
  };
  await share(a, [a.folder], [third.user.email, emailB], 'EDITOR', 'UNLIMITED');
  const removed = await t.app.inject({
    method: 'DELETE',
    url: `/api/v2/files/${a.project}/${a.folder}/acls?subjectType=USER&subjectId=${b.accountId}`,
    headers: authed(a.token),
  });
  if (removed.statusCode !== 204) throw new Error(`removing B failed: ${removed.body}`);
  await share(a, [a.photo], [emailB], 'EDITOR', 'P1D');
  await t.database.db.updateTable('share').set({ expires_at: Date.now() - 1000 }).where('file_id', '=', a.photo).execute();
  await share(b, [b.folder], [emailA], 'EDITOR', 'UNLIMITED');
}

/** Walks the route table and reports every way B could reach A; no findings means isolation holds. */
export async function audit(t: TestApp, a: Owned, b: Owned): Promise<{ findings: string[]; probes: string[] }> {
  const findings: string[] = [];
  const probes: string[] = [];
  const routes = t.app.routeTable.filter((r) => needsAccess(r));
  let before = await digest(t, a.accountId);
  for (const route of routes) {
    const access = route.config.access;
    if (!access) {
      findings.push(`${routeName(route)}: no access declaration`);
      continue;
    }
    // Console routes take no account's ids: the operator role matrix covers them (see operatorMatrix).
    if (isOperatorPermission(access.permission)) continue;
    const permission = access.permission;
    const scanned = (Object.keys(PARTS) as RequestPart[]).flatMap((part) => scanIds(route.schema[PARTS[part]], part));
    const declared = new Map((access.ids ?? []).map((s) => [keyOf(s), s]));
    const notIds = new Set((access.notIds ?? []).map(keyOf));
    for (const field of scanned) {
      if (!declared.has(keyOf(field)) && !notIds.has(keyOf(field))) {
        findings.push(`${routeName(route)}: id field ${keyOf(field)} is not covered by its access declaration`);
      }
    }
    const scannedKeys = new Set(scanned.map(keyOf));
    for (const key of declared.keys()) {
      if (!scannedKeys.has(key)) findings.push(`${routeName(route)}: declared id ${key} is not in its schema`);
    }

    const fields = scanned.filter((f) => !notIds.has(keyOf(f)));
    for (const probe of fields) {
      const parts: Record<RequestPart, unknown> = {
        params: sample(route.schema.params),
        query: sample(route.schema.querystring),
        headers: sample(route.schema.headers),
        body: route.schema.body ? sample(route.schema.body) : undefined,
      };
      for (const field of scanned) {
        const source = declared.get(keyOf(field));
        const isProbe = keyOf(field) === keyOf(probe);
        const id = notIds.has(keyOf(field))
          ? randomUUID()
          : idFor(isProbe ? a : b, source, permission, isProbe);
        parts[field.in] = place(parts[field.in], field.path === '' ? [] : field.path.split('.'), id, field.list);
      }
      const res = await send(t.app, route, parts, b.token);
      const what = `${routeName(route)} with A's id in ${keyOf(probe)}`;
      probes.push(what);
      // Idempotent removals drop ids that are not the caller's and answer as if they were not there.
      const skipped = declared.get(keyOf(probe))?.skipDenied === true;
      if (!(skipped && res.statusCode < 300) && !isNotFound(res, route.method === 'HEAD')) {
        findings.push(`${what}: answered ${res.statusCode} ${res.body.slice(0, 200)}`);
      }
      const after = await digest(t, a.accountId);
      if (after !== before) findings.push(`${what}: changed A's rows`);
      before = after;
    }
  }
  return { findings, probes };
}

function send(app: FastifyInstance, route: RouteRecord, parts: Record<RequestPart, unknown>, token: string) {
  const params = (parts.params ?? {}) as Json;
  const url = route.url.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => encodeURIComponent(String(params[name])));
  const query = new URLSearchParams();
  for (const [k, v] of Object.entries((parts.query ?? {}) as Json)) query.append(k, String(v));
  const headers = Object.fromEntries(Object.entries((parts.headers ?? {}) as Json).map(([k, v]) => [k, String(v)]));
  const qs = query.toString();
  return app.inject({
    method: route.method as 'GET',
    url: qs ? `${url}?${qs}` : url,
    headers: { ...headers, ...authed(token) },
    ...(parts.body === undefined ? {} : { payload: parts.body as object }),
  });
}

/** 404 in the product's failure shape (a HEAD answer has no body to look at). */
function isNotFound(res: LightMyRequestResponse, head: boolean): boolean {
  if (res.statusCode !== 404) return false;
  if (head) return true;
  try {
    const body = res.json() as Json;
    return body.status === 'NOT_FOUND' && typeof body.message === 'string' && !/\bat .+:\d+:\d+/.test(res.body);
  } catch {
    return false;
  }
}

/**
 * Each in a family of their own with their photo in its library (issue 35): a family member is a way in, so B, a
 * member of another family, must still reach nothing of A's family library.
 */
async function inFamilies(t: TestApp, a: Owned, b: Owned) {
  const plan = planOf(t);
  for (const o of [a, b]) {
    await plan.familyPackage(o.accountId, 10 * 1024 ** 3);
    const res = await t.app.inject({ method: 'POST', url: '/api/family/library/add', headers: authed(o.token), payload: { uuids: [o.photo], mode: 'MOVE' } });
    if (res.statusCode !== 200) throw new Error(`addToFamilyLibrary failed: ${res.body}`);
    // A person of the family library as the grouping schedule leaves it (no route creates one).
    const member = await t.database.db.selectFrom('family_member').select('family_id').where('account_id', '=', o.accountId).executeTakeFirstOrThrow();
    o.familyPerson = randomUUID();
    const at = Date.now();
    await t.database.db
      .insertInto('family_person')
      .values({ id: o.familyPerson, family_id: member.family_id, label: 'Dede', label_key: 'dede', labelled_by: o.accountId, created_at: at, modified_at: at })
      .execute();
    const album = await t.app.inject({ method: 'POST', url: '/api/family/albums', headers: authed(o.token), payload: { name: 'Bayram', uuids: [o.photo] } });
    if (album.statusCode !== 200) throw new Error(`createFamilyAlbum failed: ${album.body}`);
    o.familyAlbum = album.json().id as string;
  }
}

export async function twoAccounts(t: TestApp): Promise<{ a: Owned; b: Owned }> {
  // Both sign up first: signing up runs due jobs, which would otherwise change A's rows mid-audit.
  const accountA = await signUp(t);
  const accountB = await signUp(t);
  const third = await signUp(t);
  const a = await own(t, accountA);
  const b = await own(t, accountB);
  await withShares(t, a, b, third);
  await inFamilies(t, a, b);
  return { a, b };
}

/** A request to the route with sample values from its schemas (valid input, so only access can refuse it). */
function sampleRequest(app: FastifyInstance, route: RouteRecord, token: string) {
  return send(
    app,
    route,
    {
      params: sample(route.schema.params),
      query: sample(route.schema.querystring),
      headers: sample(route.schema.headers),
      body: route.schema.body ? sample(route.schema.body) : undefined,
    },
    token,
  );
}

function isError(res: LightMyRequestResponse, httpStatus: number, status: string, head: boolean): boolean {
  if (res.statusCode !== httpStatus) return false;
  if (head) return true;
  try {
    const body = res.json() as Json;
    return body.status === status && typeof body.message === 'string' && !/\bat .+:\d+:\d+/.test(res.body);
  } catch {
    return false;
  }
}

/**
 * The operator role matrix, generated from the route table (issue 27): every console route answers a subscriber's
 * token with 404 and an operator whose role lacks its permission with 403; every subscriber route answers an
 * operator's token with 401 or 404. `operators` holds a signed-in token per role.
 */
export async function operatorMatrix(
  t: TestApp,
  subscriberToken: string,
  operators: Record<OperatorRole, string>,
): Promise<{ findings: string[]; probes: string[] }> {
  const findings: string[] = [];
  const probes: string[] = [];
  for (const route of t.app.routeTable.filter((r) => needsAccess(r))) {
    const head = route.method === 'HEAD';
    const permission = route.config.access?.permission;
    if (isConsoleUrl(route.url)) {
      if (!isOperatorPermission(permission)) {
        findings.push(`${routeName(route)}: a console route without an ops.* permission`);
        continue;
      }
      const asSubscriber = await sampleRequest(t.app, route, subscriberToken);
      probes.push(`${routeName(route)} as a subscriber`);
      if (!isError(asSubscriber, 404, 'NOT_FOUND', head)) findings.push(`${routeName(route)} as a subscriber: answered ${asSubscriber.statusCode} ${asSubscriber.body.slice(0, 200)}`);
      for (const role of OPERATOR_ROLES.filter((r) => !roleAllows(r, permission as OperatorPermission))) {
        const res = await sampleRequest(t.app, route, operators[role]);
        probes.push(`${routeName(route)} as ${role}`);
        const ok = isError(res, 403, 'FORBIDDEN', head) && (head || res.json().message === 'Your role does not allow this.');
        if (!ok) findings.push(`${routeName(route)} as ${role} (lacks ${permission}): answered ${res.statusCode} ${res.body.slice(0, 200)}`);
      }
    } else {
      // The pipeline never looks up an operator's session on a subscriber route, whatever the role: one token shows it.
      const res = await sampleRequest(t.app, route, operators.admin);
      probes.push(`${routeName(route)} as an operator`);
      if (!isError(res, 401, 'UNAUTHORIZED', head) && !isNotFound(res, head)) {
        findings.push(`${routeName(route)} with an operator's token: answered ${res.statusCode} ${res.body.slice(0, 200)}`);
      }
    }
  }
  return { findings, probes };
}
