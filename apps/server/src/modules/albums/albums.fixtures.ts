import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import { authed, signUp, type TestApp } from '../../test/harness.js';
import { addFile, filesApi } from '../files/files.fixtures.js';
import { saveMediaFacts } from '../files/files.public.js';
import { previewKey, smallThumbKey, thumbKey } from '../media/media.public.js';
import type { AlbumDto } from './albums.schemas.js';

export const DAY = 86_400_000;
export const T0 = Date.UTC(2026, 5, 1, 12);

/**
 * A processed photo (or video) as the media job leaves it: the row with its blob, taken date, size, placeholder and
 * derivative keys (so items and covers carry signed thumbnail URLs).
 */
export async function addPhoto(
  t: TestApp,
  accountId: string,
  name: string,
  opts: { takenAt?: number; video?: boolean; hidden?: boolean; content?: Buffer; parentId?: string } = {},
): Promise<{ id: string; content: Buffer }> {
  const content = opts.content ?? randomBytes(64);
  const { id } = await addFile(t, accountId, name, {
    content,
    contentType: opts.video ? 'video/mp4' : 'image/jpeg',
    hidden: opts.hidden,
    parentId: opts.parentId,
  });
  await saveMediaFacts(t.database.db, id, {
    taken_at: opts.takenAt ?? Date.now(),
    width: 4032,
    height: 3024,
    placeholder: '1QcSHQRnh493V4dIh4eXh1h4kJUI',
    thumb_key: thumbKey(accountId, id),
    small_thumb_key: smallThumbKey(accountId, id),
    preview_key: previewKey(accountId, id),
    media_status: 'READY',
  });
  return { id, content };
}

type Query = Record<string, string | number | undefined>;
const qs = (q: Query) =>
  Object.entries(q)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${k}=${encodeURIComponent(String(v))}`)
    .join('&');

/** The albums API as the web client calls it. */
export function albumsApi(t: TestApp, token: string) {
  const h = authed(token);
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: h, ...(payload === undefined ? {} : { payload: payload as object }) });
  return {
    call,
    list: (q: Query = {}) => call('GET', `/api/album?${qs(q)}`),
    create: (body: unknown) => call('POST', '/api/album', body),
    get: (uuid: string, q: Query = {}) => call('GET', `/api/album/${uuid}?${qs(q)}`),
    addFiles: (uuid: string, body: unknown) => call('PUT', `/api/album/addFiles/${uuid}`, body),
    removeFiles: (uuid: string, body: unknown) => call('PUT', `/api/album/removeFiles/${uuid}`, body),
    rename: (uuid: string, newLabel?: string) => call('PUT', `/api/album/rename/${uuid}?${qs({ newLabel })}`),
    cover: (uuid: string, coverPhotoUuid?: string) => call('PUT', `/api/album/coverPhoto/${uuid}?${qs({ coverPhotoUuid })}`),
    deleteForever: (body: unknown) => call('DELETE', '/api/album', body),
    trash: (body: unknown) => call('DELETE', '/api/album/trash', body),
    hide: (body: unknown) => call('DELETE', '/api/album/hide', body),
    recover: (body: unknown) => call('POST', '/api/album/recover', body),
    download: (body: unknown) => call('POST', '/api/album/download', body),
    /** Creates an album and returns it. */
    async album(label: string) {
      const res = await call('POST', '/api/album', { contentType: 'album/photo', icon: 'playlist-2', label });
      if (res.statusCode !== 200) throw new Error(`create album failed: ${res.body}`);
      return res.json() as { uuid: string; label: string; lastModifiedDate: number };
    },
  };
}

/** The helpers every albums suite shares; `app` is read lazily because the suite starts its app in beforeAll. */
export function albumHelpers(app: () => TestApp) {
  return {
    /** A fresh account with the albums and files APIs. */
    user: async () => {
      const s = await signUp(app());
      return { ...s, api: albumsApi(app(), s.token), files: filesApi(app(), s.token) };
    },
    makeReadOnly: (accountId: string) =>
      app().database.db.updateTable('account').set({ status: 'READ_ONLY' }).where('id', '=', accountId).execute(),
    /** Sets an album's lastModifiedDate far back, so a test sees whether a call moves it. */
    age: (albumId: string) => app().database.db.updateTable('album').set({ last_modified_at: 1 }).where('id', '=', albumId).execute(),
    memberCount: async (albumId: string) =>
      (await app().database.db.selectFrom('album_file').select('file_id').where('album_id', '=', albumId).execute()).length,
    albumOf: async (api: ReturnType<typeof albumsApi>, uuid: string): Promise<AlbumDto> => {
      const res = await api.get(uuid);
      expect(res.statusCode).toBe(200);
      return res.json().album;
    },
    fileUuids: (res: { json(): { fileList: Array<{ uuid: string }> } }) => res.json().fileList.map((f) => f.uuid),
  };
}
