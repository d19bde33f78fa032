import type { Executor } from '../../infra/db/executor.js';
import type { ArchivePaths, ExportedData } from '../../infra/module-manifest.js';
import { liveMemberIds } from './albums.repository.js';

/** Download all my data: albums.json, each album with its photos as paths inside the archive. */
export async function exportAlbums(db: Executor, accountId: string, archive: ArchivePaths): Promise<ExportedData> {
  const albums = await db
    .selectFrom('album')
    .select(['id', 'label', 'content_type', 'status', 'cover_file_id', 'created_at', 'last_modified_at'])
    .where('account_id', '=', accountId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  if (albums.length === 0) return {};
  const manifest = [];
  for (const a of albums) {
    const ids = await liveMemberIds(db, accountId, a.id);
    const paths = await archive.pathsOf(ids);
    manifest.push({
      id: a.id,
      name: a.label,
      type: a.content_type,
      status: a.status,
      createdAt: new Date(Number(a.created_at)).toISOString(),
      modifiedAt: new Date(Number(a.last_modified_at)).toISOString(),
      cover: a.cover_file_id ? (paths.get(a.cover_file_id) ?? null) : null,
      photos: ids.flatMap((id) => (paths.has(id) ? [paths.get(id)!] : [])),
    });
  }
  return { files: [{ path: 'albums.json', content: Buffer.from(JSON.stringify({ albums: manifest }, null, 2)) }] };
}
