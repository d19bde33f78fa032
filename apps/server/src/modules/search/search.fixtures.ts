import { randomUUID } from 'node:crypto';
import { authed, type TestApp } from '../../test/harness.js';
import { nameKey } from '../../shared/names.js';
import { insertFile, saveMediaFacts, ROOT } from '../files/files.public.js';

/** A photo, video or document row as an upload and the media job leave it (indexed through the same writers). */
export async function addItem(
  t: TestApp,
  accountId: string,
  name: string,
  o: { kind?: 'photo' | 'video' | 'pdf' | 'other'; at?: number; takenDay?: number; camera?: string; description?: string; parentId?: string; hidden?: boolean } = {},
): Promise<string> {
  const id = randomUUID();
  const at = o.at ?? Date.now();
  const kind = o.kind ?? 'other';
  await insertFile(t.database.db, {
    id,
    account_id: accountId,
    parent_id: o.parentId ?? ROOT,
    name,
    name_key: nameKey(name),
    is_folder: 0,
    bytes: 10,
    content_type: kind === 'photo' ? 'image/jpeg' : kind === 'video' ? 'video/mp4' : kind === 'pdf' ? 'application/pdf' : 'application/octet-stream',
    document_type: kind === 'pdf' ? 'PDF' : null,
    media_kind: kind === 'photo' ? 1 : kind === 'video' ? 2 : null,
    blob_key: `users/${accountId}/files/${id}`,
    favourite: 0,
    hidden: o.hidden ? 1 : 0,
    description: o.description ?? null,
    status: 'ACTIVE',
    device_type: 'WEB',
    created_at: at,
    last_modified_at: at,
  });
  if (o.takenDay !== undefined || o.camera !== undefined) {
    const d = o.takenDay ?? 20240315;
    const takenAt = Date.UTC(Math.floor(d / 10000), (Math.floor(d / 100) % 100) - 1, d % 100, 12);
    await saveMediaFacts(t.database.db, id, { taken_at: takenAt, taken_day: d, camera: o.camera ?? null, media_status: 'READY' });
  }
  return id;
}

type Query = Record<string, string | number | boolean | undefined>;
const qs = (q: Query) =>
  Object.entries(q)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${k}=${encodeURIComponent(String(v))}`)
    .join('&');

export interface Hit {
  kind: string;
  matchedField: string;
  file: { uuid: string; name: string } | null;
  album: { uuid: string; label: string } | null;
}

/** The search API as the web client calls it. */
export function searchApi(t: TestApp, token: string) {
  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: authed(token) });
  return {
    unified: (q: Query) => get(`/api/search/unified?${qs(q)}`),
    suggest: (q: Query) => get(`/api/search/unified/suggest?${qs(q)}`),
    /** The names (file name or album label) of a search's hits, in order. */
    async names(text: string, q: Query = {}): Promise<string[]> {
      const res = await get(`/api/search/unified?${qs({ text, ...q })}`);
      if (res.statusCode !== 200) throw new Error(`search failed: ${res.body}`);
      return (res.json().items as Hit[]).map((h) => h.file?.name ?? h.album?.label ?? '?');
    },
  };
}
