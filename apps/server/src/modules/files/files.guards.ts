import type { Executor } from '../../infra/db/executor.js';
import { NotFound } from '../../shared/errors.js';
import type { AuthContext } from '../../shared/auth-context.js';
import * as repo from './files.repository.js';
import { ROOT, type FileRow } from './files.table.js';

// The checks both files services make before they read or change an item, so a missing item answers alike everywhere.

export type FileAuth = Pick<AuthContext, 'accountId' | 'status' | 'projectId'>;

export const FileNotFound = () => NotFound('File not found.');
const FolderNotFound = () => NotFound('Folder not found.');

export async function requireFolder(db: Executor, accountId: string, folderId: string): Promise<void> {
  if (folderId === ROOT) return;
  const folder = await repo.getById(db, accountId, folderId);
  if (!folder || folder.is_folder !== 1 || folder.status !== 'ACTIVE') throw FolderNotFound();
}

export async function requireLive(db: Executor, accountId: string, id: string): Promise<FileRow> {
  const item = await repo.getById(db, accountId, id);
  if (!item || item.status !== 'ACTIVE') throw FileNotFound();
  return item;
}
