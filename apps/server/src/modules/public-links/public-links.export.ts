import type { Executor } from '../../infra/db/executor.js';
import type { ExportedData } from '../../infra/module-manifest.js';

/** Download all my data: the public links this account made (never their tokens or passwords). */
export async function exportLinks(db: Executor, accountId: string): Promise<ExportedData> {
  const rows = await db
    .selectFrom('share_link')
    .select(['name', 'album_id', 'entity_kind', 'password_hash', 'created_at', 'expires_at'])
    .where('account_id', '=', accountId)
    .orderBy('created_at')
    .execute();
  return {
    section: rows.map((r) => ({
      name: r.name,
      album: r.album_id,
      kind: r.entity_kind,
      passwordProtected: r.password_hash !== null,
      createdAt: new Date(Number(r.created_at)).toISOString(),
      expiresAt: r.expires_at === null ? null : new Date(Number(r.expires_at)).toISOString(),
    })),
  };
}
