import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { expect } from 'vitest';
import { authed, type TestApp } from '../../test/harness.js';
import { nameKey } from '../../shared/names.js';
import { insertFile, ROOT } from '../files/files.public.js';

export const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/** Distinct bytes per position, so a misplaced piece changes the hash. */
export const content = (n: number) => randomBytes(n);

export interface UploadOpts {
  parent?: string;
  strategy?: string;
  favourite?: string;
  contentType?: string;
  range?: string;
  headers?: Record<string, string | undefined>;
}

export function uploadHeaders(token: string, name: string | undefined, body: Buffer, o: UploadOpts = {}) {
  const h: Record<string, string> = {
    ...authed(token),
    'content-type': o.contentType ?? 'application/octet-stream',
    'content-length': String(body.length),
    'x-object-meta-parent-uuid': o.parent ?? '',
    'x-object-meta-favourite': o.favourite ?? 'false',
    'x-meta-strategy': o.strategy ?? '0',
    'x-object-meta-device-type': 'WEB',
  };
  if (name !== undefined) h['x-object-meta-file-name'] = encodeURIComponent(name);
  if (o.range) h['content-range'] = o.range;
  for (const [k, v] of Object.entries(o.headers ?? {})) {
    if (v === undefined) delete h[k];
    else h[k] = v;
  }
  return h;
}

/** The upload URL as the web client drives it, through inject. */
export function uploadApi(t: TestApp, token: string) {
  const put = (uuid: string, name: string | undefined, body: Buffer, o: UploadOpts = {}) =>
    t.app.inject({ method: 'PUT', url: `/api/upload/${uuid}`, headers: uploadHeaders(token, name, body, o), payload: body });
  return {
    put,
    whole: (name: string, body: Buffer, o: UploadOpts = {}) => put(randomUUID(), name, body, o),
    piece: (uuid: string, name: string, body: Buffer, start: number, total: number, o: UploadOpts = {}) =>
      put(uuid, name, body, { ...o, range: `bytes ${start}-${start + body.length - 1}/${total}` }),
    head: (uuid: string) => t.app.inject({ method: 'HEAD', url: `/api/upload/${uuid}`, headers: authed(token) }),
    cancel: (uuid: string) => t.app.inject({ method: 'DELETE', url: `/api/upload/${uuid}`, headers: authed(token) }),
    /** A whole file the account already holds, by its SHA-256 and size (no bytes sent). */
    known: (uuid: string, name: string, body: Buffer) =>
      t.app.inject({
        method: 'POST',
        url: `/api/upload/${uuid}/known`,
        headers: { ...authed(token), 'x-object-meta-file-name': encodeURIComponent(name), 'x-object-meta-parent-uuid': '' },
        payload: { bytes: body.length, sha256: sha256(body), contentType: 'application/octet-stream' },
      }),
  };
}

/** A folder row, as the files module creates it. */
export async function addFolder(t: TestApp, accountId: string, name: string, parentId = ROOT): Promise<string> {
  const id = randomUUID();
  const at = Date.now();
  await insertFile(t.database.db, {
    id,
    account_id: accountId,
    parent_id: parentId,
    name,
    name_key: nameKey(name),
    is_folder: 1,
    bytes: 0,
    content_type: 'application/x-directory',
    favourite: 0,
    hidden: 0,
    status: 'ACTIVE',
    device_type: 'WEB',
    created_at: at,
    last_modified_at: at,
  });
  return id;
}

export const account = (t: TestApp, id: string) =>
  t.database.db.selectFrom('account').select(['used_bytes', 'reserved_bytes', 'quota_bytes', 'project_id']).where('id', '=', id).executeTakeFirstOrThrow();

export const liveFiles = (t: TestApp, accountId: string) =>
  t.database.db.selectFrom('file').selectAll().where('account_id', '=', accountId).where('status', '=', 'ACTIVE').orderBy('name_key').execute();

/** Every blob on disk under the account's keys (temp files of the disk store included, so nothing half-written hides). */
export function blobsOf(t: TestApp, accountId: string): string[] {
  const root = path.join(t.dataDir, 'blobs');
  const found: string[] = [];
  const walk = (dir: string) => {
    if (!fs.existsSync(dir)) return;
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else found.push(path.relative(root, p));
    }
  };
  walk(path.join(root, 'users', accountId));
  walk(path.join(root, 'uploads', accountId));
  walk(path.join(root, '.tmp'));
  // Uploads in pieces being written, one file each named by its encoded key.
  const pieces = path.join(root, '.pieces');
  if (fs.existsSync(pieces)) {
    found.push(...fs.readdirSync(pieces).filter((n) => n.includes(encodeURIComponent(`users/${accountId}/`))).map((n) => `.pieces/${n}`));
  }
  return found;
}

/** Signs download URLs for files of the caller and fetches one through inject. */
export async function downloadUrls(t: TestApp, token: string, projectId: string, uuids: string[]) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v2/files/_bulk/create-download-url',
    headers: authed(token),
    payload: uuids.map((uuid) => ({ projectId, uuid })),
  });
  if (res.statusCode !== 200) throw new Error(`create-download-url ${res.statusCode} ${res.body}`);
  return res.json() as Array<{ uuid: string; url: string; inlineUrl: string; expiresAt: number }>;
}

export const origin = (t: TestApp) => {
  const { port } = t.app.server.address() as AddressInfo;
  return { host: '127.0.0.1', port };
};

export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/**
 * A real HTTP request to the listening app. `cutAfter` sends that many body bytes, then destroys the socket mid-body
 * (a cut connection) and resolves null once the socket is closed.
 */
export function rawRequest(
  t: TestApp,
  opts: { method: string; path: string; headers: Record<string, string>; body?: Buffer; cutAfter?: number; chunked?: boolean },
): Promise<RawResponse | null> {
  return new Promise((resolve, reject) => {
    const req = http.request({ ...origin(t), method: opts.method, path: opts.path, headers: opts.headers, agent: false });
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    if (opts.cutAfter !== undefined) {
      req.on('error', () => {});
      req.write(opts.body!.subarray(0, opts.cutAfter), () => {
        req.socket?.once('close', () => resolve(null));
        req.destroy();
      });
      return;
    }
    req.on('error', reject);
    if (opts.chunked) {
      req.write(opts.body ?? Buffer.alloc(0));
      req.end();
    } else req.end(opts.body);
  });
}

/** The helpers every upload suite shares; `app` is read lazily because the suite starts its app in beforeAll. */
export function uploadHelpers(app: () => TestApp) {
  return {
    setQuota: (accountId: string, quota: number) =>
      app().database.db.updateTable('account').set({ quota_bytes: quota }).where('id', '=', accountId).execute(),
    uploadRow: (id: string) => app().database.db.selectFrom('upload').selectAll().where('id', '=', id).executeTakeFirst(),
    /** Fetches a file through a freshly signed download URL. */
    async download(token: string, accountId: string, uuid: string): Promise<Buffer> {
      const t = app();
      const [link] = await downloadUrls(t, token, (await account(t, accountId)).project_id, [uuid]);
      const res = await t.app.inject({ method: 'GET', url: link!.url });
      expect(res.statusCode).toBe(200);
      return res.rawPayload;
    },
  };
}
