import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { LightMyRequestResponse } from 'fastify';
import { authed, signUp, type TestApp } from '../../test/harness.js';
import { nameKey } from '../../shared/names.js';
import * as accounts from '../account/account.quota.public.js';
import { insertFile } from './files.writer.js';
import { ROOT, type DocumentType } from './files.table.js';
import type { FileItemDto } from './files.schemas.js';

/** A finished upload, written the way the upload module leaves it: the row, the used bytes and (optionally) the blob. */
export async function addFile(
  t: TestApp,
  accountId: string,
  name: string,
  opts: {
    parentId?: string;
    bytes?: number;
    content?: Buffer;
    documentType?: DocumentType;
    contentType?: string;
    at?: number;
    hidden?: boolean;
  } = {},
): Promise<{ id: string; blobKey: string }> {
  const id = randomUUID();
  const blobKey = `users/${accountId}/files/${id}`;
  const bytes = opts.content?.length ?? opts.bytes ?? 100;
  if (opts.content) await t.app.blobs.put(blobKey, Readable.from([opts.content]));
  const at = opts.at ?? Date.now();
  // Through the writer, as the upload module does, so the row is searchable too.
  await insertFile(t.database.db, {
    id,
    account_id: accountId,
    parent_id: opts.parentId ?? ROOT,
    name,
    name_key: nameKey(name),
    is_folder: 0,
    bytes,
    content_type: opts.contentType ?? 'application/octet-stream',
    document_type: opts.documentType ?? null,
    blob_key: blobKey,
    favourite: 0,
    hidden: opts.hidden ? 1 : 0,
    status: 'ACTIVE',
    device_type: 'WEB',
    created_at: at,
    last_modified_at: at,
  });
  await accounts.commitQuota(t.database.db, accountId, 0, bytes);
  return { id, blobKey };
}

type Query = Record<string, string | number | boolean | undefined>;
const qs = (q: Query) =>
  Object.entries(q)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${k}=${encodeURIComponent(String(v))}`)
    .join('&');

/** The files API as the web client calls it. */
export function filesApi(t: TestApp, token: string) {
  const h = authed(token);
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({ method, url, headers: { ...h, ...headers }, ...(payload === undefined ? {} : { payload: payload as object }) });
  return {
    call,
    list: (q: Query = {}) => call('GET', `/api/filesystem?${qs(q)}`),
    hidden: (q: Query = {}) => call('GET', `/api/filesystem/hidden?${qs(q)}`),
    v2: (projectId: string, q: Query = {}) => call('GET', `/api/v2/files/${projectId}?${qs(q)}`),
    byDocumentType: (q: Query) => call('GET', `/api/search/byDocumentType?${qs(q)}`),
    trashList: (q: Query = {}) => call('GET', `/api/filesystem/trash?${qs(q)}`),
    activity: (q: Query = {}) => call('GET', `/api/filesystem/activityFeed?${qs(q)}`),
    createFolder: (name: string, parent = '', uuid: string = randomUUID()) =>
      call('POST', `/api/filesystem/createFolder?parentFolderUuid=${parent}`, undefined, {
        'folder-name': encodeURIComponent(name),
        'folder-uuid': uuid,
      }),
    rename: (uuid: string, name: string, raw = false) =>
      call('POST', `/api/filesystem/rename/${uuid}`, '', {
        'new-name': raw ? name : encodeURIComponent(name),
        'content-type': 'text/plain',
      }),
    describe: (uuid: string, body: unknown) => call('PUT', `/api/filesystem/metadata/${uuid}`, body),
    favourite: (uuids: unknown, favourite: unknown = true) => call('POST', '/api/filesystem/metadata', { uuids, favourite }),
    move: (uuids: unknown, target = '') => call('POST', `/api/filesystem/move?targetFolderUuid=${target}`, uuids),
    hide: (uuids: unknown) => call('DELETE', '/api/filesystem/hide', uuids),
    unhide: (uuids: unknown) => call('POST', '/api/filesystem/unhide', uuids),
    trash: (uuids: unknown) => call('DELETE', '/api/filesystem/trash', uuids),
    bulkTrash: (items: unknown) => call('POST', '/api/v2/files/_bulk/trash', items),
    recover: (uuids: unknown) => call('POST', '/api/filesystem/recover', uuids),
    deleteForever: (uuids: unknown) => call('DELETE', '/api/filesystem/trash/forever', uuids),
    emptyTrash: () => call('DELETE', '/api/filesystem/trash/all'),
    usage: async () => Number((await call('GET', '/api/account/usages')).json()['Bytes-Used']),
    projectId: async () => (await call('GET', '/api/account/info')).json().projectId as string,
    /** Creates a folder and returns its item. */
    async folder(name: string, parent = ''): Promise<FileItemDto> {
      const res = await this.createFolder(name, parent);
      if (res.statusCode !== 200) throw new Error(`createFolder failed: ${res.body}`);
      return res.json();
    },
    /** Every visible child of a folder, by name. */
    async names(parent = ''): Promise<string[]> {
      const res = await call('GET', `/api/filesystem?parentFolderUuid=${parent}&size=500`);
      if (res.statusCode !== 200) throw new Error(`list failed: ${res.body}`);
      return (res.json().fileList as FileItemDto[]).map((i) => i.name);
    },
  };
}

export const items = (res: LightMyRequestResponse) => res.json().fileList as FileItemDto[];

/** The media fields of an item that is not a processed photo or video, as every exact-shape assertion expects them. */
export const NO_MEDIA = {
  thumbnailUrl: null,
  smallThumbnailUrl: null,
  previewUrl: null,
  placeholder: null,
  width: null,
  height: null,
  takenDate: null,
  durationMs: null,
  latitude: null,
  longitude: null,
  mediaStatus: null,
  camera: null,
  videoSlideshow: false,
} as const;

export type FilesApi = ReturnType<typeof filesApi>;

/** The helpers every files suite shares; `app` is read lazily because the suite starts its app in beforeAll. */
export function fileHelpers(app: () => TestApp) {
  return {
    /** A fresh account with its API. */
    user: async () => {
      const s = await signUp(app());
      return { ...s, api: filesApi(app(), s.token) };
    },
    row: (id: string) => app().database.db.selectFrom('file').selectAll().where('id', '=', id).executeTakeFirst(),
    makeReadOnly: (accountId: string) =>
      app().database.db.updateTable('account').set({ status: 'READ_ONLY' }).where('id', '=', accountId).execute(),
    many: (n: number) => Array.from({ length: n }, () => randomUUID()),
  };
}
