import type { Executor } from '../../infra/db/executor.js';
import type { ArchivePaths, ExportedData } from '../../infra/module-manifest.js';

/** Download all my data: the shares this account made that are still in force, by the shared item's archive path. */
export async function exportShares(db: Executor, accountId: string, archive: ArchivePaths): Promise<ExportedData> {
  const rows = await db
    .selectFrom('share')
    .select(['file_id', 'identifier', 'role', 'created_at', 'expires_at'])
    .where('account_id', '=', accountId)
    .where('removed_at', 'is', null)
    .orderBy('created_at')
    .execute();
  const paths = await archive.pathsOf([...new Set(rows.map((r) => r.file_id))]);
  return {
    section: rows.map((r) => ({
      item: paths.get(r.file_id) ?? null,
      with: r.identifier,
      role: r.role,
      createdAt: new Date(Number(r.created_at)).toISOString(),
      expiresAt: r.expires_at === null ? null : new Date(Number(r.expires_at)).toISOString(),
    })),
  };
}
