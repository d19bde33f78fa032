import type { Executor } from '../../infra/db/executor.js';
import { hashToken, newToken } from '../../shared/tokens.js';
import { hours } from '../../shared/time.js';
import * as repo from './office.repository.js';
import type { OfficeMode, OfficeTokenRow } from './office.table.js';

/** How long an editor's access token lasts: a working session; the editor asks for a new one when it reopens. */
export const TOKEN_TTL_MS = hours(4);

/** A new access token for one file and one caller: 256 random bits, only the hash is stored. */
export async function issueToken(
  db: Executor,
  grant: { fileId: string; ownerId: string; accountId: string; mode: OfficeMode },
  at: number,
): Promise<{ token: string; expiresAt: number }> {
  const token = newToken();
  const expiresAt = at + TOKEN_TTL_MS;
  await repo.insertToken(db, { token_hash: hashToken(token), file_id: grant.fileId, owner_id: grant.ownerId, account_id: grant.accountId, mode: grant.mode, created_at: at, expires_at: expiresAt });
  return { token, expiresAt };
}

/** The token's grant when it is live and names this file; null otherwise. */
export async function readToken(db: Executor, token: string | undefined, fileId: string, at: number): Promise<OfficeTokenRow | null> {
  if (!token || token.length > 200) return null;
  const row = await repo.getLiveToken(db, hashToken(token), at);
  return row && row.file_id === fileId ? row : null;
}
