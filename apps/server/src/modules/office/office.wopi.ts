import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import type { DB } from '../../infra/db/schema.js';
import type { Executor } from '../../infra/db/executor.js';
import type { BlobStore } from '../../infra/blob-store/blob-store.js';
import { BlobTooLargeError, type PutResult } from '../../infra/blob-store/blob-store.js';
import type { JobQueue } from '../../infra/jobs/job-queue.js';
import { isUniqueViolation } from '../../infra/db/dialect.js';
import type { AccessPolicy } from '../../shared/access/access-policy.js';
import { AppError } from '../../shared/errors.js';
import { nameKey, validateName } from '../../shared/names.js';
import { minutes } from '../../shared/time.js';
import { newId } from '../../shared/tokens.js';
import * as accounts from '../account/account.quota.public.js';
import { getById as getAccount } from '../account/account.identity.public.js';
import * as files from '../files/files.public.js';
import type { FileChangesService, FileRow } from '../files/files.public.js';
import { FileNotFound, InvalidToken, LockConflict, ReadOnlyToken } from './office.errors.js';
import { documentTypeOfName, extensionOf } from './office.formats.js';
import { needsDocumentPreview, OFFICE_PREVIEW_JOB } from './office.preview.js';
import * as repo from './office.repository.js';
import type { OfficeTokenRow } from './office.table.js';
import { issueToken, readToken } from './office.tokens.js';
import { encodeUtf7 } from './office.utf7.js';

/** A lock lasts 30 minutes unless refreshed (the WOPI protocol's rule). */
export const LOCK_TTL_MS = minutes(30);
/** WOPI lock ids are at most 1024 ASCII characters. */
const MAX_LOCK_LENGTH = 1024;
/** The most one save may write; beyond it the editor gets 413 (the quota usually stops it much earlier). */
const MAX_SAVE_BYTES = 2 * 1024 ** 3;

export interface WopiDeps {
  db: Kysely<DB>;
  blobs: BlobStore;
  jobs: JobQueue;
  access: AccessPolicy;
  changes: FileChangesService;
  clock: () => number;
}

/** A request whose token was checked: the grant and the live file it names. */
export interface WopiContext {
  grant: OfficeTokenRow;
  file: FileRow;
}

const TooLarge = () => new AppError(413, 'FILE_TOO_LARGE', 'The file is too large to save.');
const QuotaExceeded = () => new AppError(413, 'QUOTA_EXCEEDED', 'Storage quota exceeded.');
/** Who saved, for the file's versions: null for the owner, else the share's editor (as files.saverOf). */
const saverOf = (ctx: WopiContext): string | null => (ctx.grant.account_id !== ctx.file.account_id ? ctx.grant.account_id : null);
const InvalidName = (message: string) => new AppError(400, 'INVALID_FILE_NAME', message);

/** The version a WOPI client compares: changes with every save. */
export const versionOf = (file: FileRow): string => file.sha256 ?? `${Number(file.last_modified_at)}-${Number(file.bytes)}`;

/**
 * The WOPI host (Microsoft's protocol, as Collabora Online and ONLYOFFICE speak it): CheckFileInfo, GetFile, PutFile,
 * the lock operations, PutRelativeFile and RenameFile, each authorised by an access token scoped to one file and caller.
 */
export class WopiService {
  constructor(private readonly d: WopiDeps) {}

  /** The token names this file and is live, the caller still has access through the owner or a share, the file is live. */
  async authorize(token: string | undefined, fileId: string, write: boolean): Promise<WopiContext> {
    const at = this.d.clock();
    const grant = await readToken(this.d.db, token, fileId, at);
    if (!grant) throw InvalidToken();
    if (write && grant.mode !== 'edit') throw ReadOnlyToken();
    if (grant.account_id !== grant.owner_id) {
      // A share can be stopped or turned to viewer after the token was issued: ask the policy again on every call.
      const permission = grant.mode === 'edit' ? 'file.write' : 'file.read';
      const granted = await this.d.access.checkAccess({ accountId: grant.account_id }, permission, [fileId]);
      if (!granted.has(fileId)) throw InvalidToken();
    }
    const file = await files.getById(this.d.db, grant.owner_id, fileId);
    if (!file || file.status !== 'ACTIVE' || file.is_folder === 1 || file.blob_key === null) throw FileNotFound();
    return { grant, file };
  }

  async checkFileInfo({ grant, file }: WopiContext) {
    const user = await getAccount(this.d.db, grant.account_id);
    const canWrite = grant.mode === 'edit';
    return {
      BaseFileName: file.name,
      OwnerId: grant.owner_id,
      Size: Number(file.bytes),
      UserId: grant.account_id,
      UserFriendlyName: user ? `${user.name} ${user.surname}`.trim() : '',
      Version: versionOf(file),
      LastModifiedTime: new Date(Number(file.last_modified_at)).toISOString(),
      ...(file.sha256 ? { SHA256: Buffer.from(file.sha256, 'hex').toString('base64') } : {}),
      ReadOnly: !canWrite,
      UserCanWrite: canWrite,
      UserCanRename: canWrite,
      UserCanNotWriteRelative: !canWrite,
      SupportsLocks: true,
      SupportsGetLock: true,
      SupportsExtendedLockLength: true,
      SupportsUpdate: true,
      SupportsRename: true,
      SupportsDeleteFile: false,
    };
  }

  async getFile({ file }: WopiContext): Promise<{ stream: Readable; size: number; version: string }> {
    const { stream, size } = await this.d.blobs.get(file.blob_key!);
    return { stream, size, version: versionOf(file) };
  }

  // --- locks: one per file, held by an opaque id the client chooses

  async lock(ctx: WopiContext, lockId: string | undefined, oldLock: string | undefined): Promise<void> {
    const id = checkLockId(lockId);
    await this.inLock(ctx, async (trx, current) => {
      if (oldLock !== undefined) {
        // UnlockAndRelock: only from the lock named.
        if (current?.lock_id !== oldLock) throw new LockConflict(current?.lock_id ?? '', 'The file is not locked with the old lock.');
      } else if (current && current.lock_id !== id) {
        throw new LockConflict(current.lock_id, 'The file is locked by another editor.');
      }
      // A new lock, or the same one again (which refreshes it).
      await repo.putLock(trx, { file_id: ctx.file.id, owner_id: ctx.grant.owner_id, account_id: ctx.grant.account_id, lock_id: id, expires_at: this.d.clock() + LOCK_TTL_MS });
    });
  }

  async getLock(ctx: WopiContext): Promise<string> {
    return (await repo.getLiveLock(this.d.db, ctx.file.id, this.d.clock()))?.lock_id ?? '';
  }

  async refreshLock(ctx: WopiContext, lockId: string | undefined): Promise<void> {
    const id = checkLockId(lockId);
    await this.inLock(ctx, async (trx, current) => {
      if (current?.lock_id !== id) throw new LockConflict(current?.lock_id ?? '', current ? 'The file is locked with another lock.' : 'The file is not locked.');
      await repo.putLock(trx, { ...current, expires_at: this.d.clock() + LOCK_TTL_MS });
    });
  }

  async unlock(ctx: WopiContext, lockId: string | undefined): Promise<void> {
    const id = checkLockId(lockId);
    await this.inLock(ctx, async (trx, current) => {
      if (current?.lock_id !== id) throw new LockConflict(current?.lock_id ?? '', current ? 'The file is locked with another lock.' : 'The file is not locked.');
      await repo.deleteLock(trx, ctx.file.id);
    });
  }

  private async inLock(ctx: WopiContext, run: (trx: Executor, current: Awaited<ReturnType<typeof repo.getLiveLock>>) => Promise<void>): Promise<void> {
    try {
      await this.d.db.transaction().execute(async (trx) => run(trx, await repo.getLiveLock(trx, ctx.file.id, this.d.clock())));
    } catch (err) {
      // Two editors locking the same unlocked file at once: the loser sees the winner's lock.
      if (!isUniqueViolation(err)) throw err;
      const winner = await repo.getLiveLock(this.d.db, ctx.file.id, this.d.clock());
      throw new LockConflict(winner?.lock_id ?? '', 'The file is locked by another editor.');
    }
  }

  // --- content

  /**
   * PutFile: the editor's save. Allowed with the file's current lock, or on an unlocked empty file (the protocol's
   * rule); the new content replaces the old in place (same file, quota by the difference).
   */
  async putFile(ctx: WopiContext, lockId: string | undefined, body: Readable): Promise<{ version: string }> {
    const at = this.d.clock();
    const current = await repo.getLiveLock(this.d.db, ctx.file.id, at);
    if (current ? current.lock_id !== lockId : Number(ctx.file.bytes) !== 0) {
      body.resume();
      throw new LockConflict(current?.lock_id ?? '', current ? 'The file is locked with another lock.' : 'The file is not locked.');
    }
    const saved = await this.replace(ctx.file, saverOf(ctx), body, (trx) =>
      // The lock may have been taken or changed while the body arrived.
      repo.getLiveLock(trx, ctx.file.id, this.d.clock()).then((l) => {
        if ((l?.lock_id ?? null) !== (current?.lock_id ?? null)) throw new LockConflict(l?.lock_id ?? '', 'The lock changed during the save.');
      }),
    );
    return { version: versionOf(saved) };
  }

  /** Writes the body as the file's new content; `check` runs in the transaction before the swap. */
  private async replace(file: FileRow, savedBy: string | null, body: Readable, check: (trx: Executor) => Promise<void>): Promise<FileRow> {
    const key = `${files.fileBlobKey(file.account_id, file.id)}.${randomBytes(8).toString('hex')}`;
    let stored: PutResult;
    try {
      stored = await this.d.blobs.put(key, body, { maxBytes: MAX_SAVE_BYTES, contentType: file.content_type });
    } catch (err) {
      if (err instanceof BlobTooLargeError) throw TooLarge();
      throw err;
    }
    const at = this.d.clock();
    try {
      await this.d.db.transaction().execute(async (trx) => {
        await check(trx);
        const fresh = await files.getById(trx, file.account_id, file.id);
        if (!fresh || fresh.status !== 'ACTIVE' || fresh.blob_key === null) throw FileNotFound();
        // The previous content becomes a version (issue 33); the new bytes are charged in full (QuotaExceeded otherwise).
        const saved = await files.replaceContent(trx, this.d.jobs, fresh, { blobKey: key, bytes: stored.size, sha256: stored.sha256, contentType: fresh.content_type }, savedBy, at);
        if (!saved) throw new LockConflict('', 'The file changed during the save.');
        // A preview still queued (a new document's, an earlier save's) renders the content the file has when it runs:
        // these bytes. Each save queued its own LibreOffice run before, every one but the last on replaced content.
        if (needsDocumentPreview(fresh.name, fresh.content_type)) {
          await this.d.jobs.enqueue(trx, OFFICE_PREVIEW_JOB, { fileId: fresh.id }, { fairKey: fresh.account_id, unlessQueued: true });
        }
      });
    } catch (err) {
      await this.d.blobs.delete(key).catch(() => undefined);
      throw err;
    }
    return { ...file, blob_key: key, bytes: stored.size, sha256: stored.sha256, last_modified_at: at };
  }

  /**
   * PutRelativeFile: "save as" — a new file beside this one, named by X-WOPI-SuggestedTarget (a full name, or an
   * extension to put on this file's name; a free name is picked) or X-WOPI-RelativeTarget (exactly that name: taken →
   * 409 with a free one to suggest, unless overwriting is asked and the file there is not locked).
   */
  async putRelative(
    ctx: WopiContext,
    target: { suggested?: string; relative?: string; overwrite: boolean },
    body: Readable,
    wopiBase: string,
  ): Promise<{ Name: string; Url: string }> {
    const { file, grant } = ctx;
    const drain = () => body.resume();
    if ((target.suggested === undefined) === (target.relative === undefined)) {
      drain();
      throw new AppError(501, 'NOT_IMPLEMENTED', 'Send exactly one of X-WOPI-SuggestedTarget and X-WOPI-RelativeTarget.');
    }
    let wanted: string;
    try {
      if (target.suggested !== undefined) {
        const s = target.suggested.trim();
        wanted = validateName(s.startsWith('.') ? `${file.name.slice(0, file.name.length - (extensionOf(file.name).length ? extensionOf(file.name).length + 1 : 0))}${s}` : s);
      } else wanted = validateName(target.relative!);
    } catch (err) {
      drain();
      throw InvalidName(err instanceof Error ? err.message : 'Invalid name.');
    }
    const owner = file.account_id;
    if (target.relative !== undefined) {
      const existing = await files.getLiveByNameKey(this.d.db, owner, file.parent_id, nameKey(wanted));
      if (existing) {
        const free = await files.freeNameInFolder(this.d.db, owner, file.parent_id, wanted, false);
        const lock = await repo.getLiveLock(this.d.db, existing.id, this.d.clock());
        if (!target.overwrite || existing.is_folder === 1 || lock) {
          drain();
          throw new LockConflict(lock?.lock_id ?? '', 'A file with this name exists.', encodeUtf7(free));
        }
        await this.replace(existing, saverOf(ctx), body, async () => undefined);
        const { token } = await issueToken(this.d.db, { fileId: existing.id, ownerId: owner, accountId: grant.account_id, mode: 'edit' }, this.d.clock());
        return { Name: existing.name, Url: `${wopiBase}/${existing.id}?access_token=${encodeURIComponent(token)}` };
      }
    }
    const id = newId();
    const key = files.fileBlobKey(owner, id);
    let stored: PutResult;
    try {
      stored = await this.d.blobs.put(key, body, { maxBytes: MAX_SAVE_BYTES, contentType: file.content_type });
    } catch (err) {
      if (err instanceof BlobTooLargeError) throw TooLarge();
      throw err;
    }
    const at = this.d.clock();
    let name = wanted;
    try {
      await this.d.db.transaction().execute(async (trx) => {
        name = await files.freeNameInFolder(trx, owner, file.parent_id, wanted, false);
        if (!(await accounts.reserveQuota(trx, owner, stored.size))) throw QuotaExceeded();
        await accounts.commitQuota(trx, owner, stored.size, stored.size);
        const contentType = contentTypeOf(name, file);
        await files.insertFile(trx, {
          id,
          account_id: owner,
          parent_id: file.parent_id,
          name,
          name_key: nameKey(name),
          is_folder: 0,
          bytes: stored.size,
          content_type: contentType,
          document_type: documentTypeOfName(name) ?? file.document_type,
          blob_key: key,
          sha256: stored.sha256,
          favourite: 0,
          hidden: 0,
          status: 'ACTIVE',
          device_type: 'WEB',
          created_at: at,
          last_modified_at: at,
        });
        await files.recordActivity(trx, owner, [{ id, name, is_folder: 0 }], 'UPLOADED');
        if (needsDocumentPreview(name, contentType)) await this.d.jobs.enqueue(trx, OFFICE_PREVIEW_JOB, { fileId: id }, { fairKey: owner });
      });
    } catch (err) {
      await this.d.blobs.delete(key).catch(() => undefined);
      throw err;
    }
    const { token } = await issueToken(this.d.db, { fileId: id, ownerId: owner, accountId: grant.account_id, mode: 'edit' }, at);
    return { Name: name, Url: `${wopiBase}/${id}?access_token=${encodeURIComponent(token)}` };
  }

  /** RenameFile: the name without its extension, which stays; a taken name gets the next free one. */
  async rename(ctx: WopiContext, lockId: string | undefined, requested: string): Promise<{ Name: string }> {
    const { file, grant } = ctx;
    const current = await repo.getLiveLock(this.d.db, file.id, this.d.clock());
    if (current && current.lock_id !== lockId) throw new LockConflict(current.lock_id, 'The file is locked with another lock.');
    const ext = extensionOf(file.name);
    let name: string;
    try {
      name = validateName(ext ? `${requested.trim()}.${ext}` : requested.trim());
    } catch (err) {
      throw InvalidName(err instanceof Error ? err.message : 'Invalid name.');
    }
    if (nameKey(name) !== file.name_key) name = await files.freeNameInFolder(this.d.db, file.account_id, file.parent_id, name, false);
    const caller = { accountId: grant.account_id, status: 'ACTIVE' as const, projectId: '' };
    await this.d.changes.rename(caller, file.id, encodeURIComponent(name));
    return { Name: ext ? name.slice(0, name.length - ext.length - 1) : name };
  }
}

function checkLockId(lockId: string | undefined): string {
  if (!lockId || lockId.length > MAX_LOCK_LENGTH) throw new AppError(400, 'INVALID_LOCK', 'X-WOPI-Lock is required (at most 1024 characters).');
  return lockId;
}

const TYPES: Record<string, string> = {
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  odt: 'application/vnd.oasis.opendocument.text',
  ods: 'application/vnd.oasis.opendocument.spreadsheet',
  odp: 'application/vnd.oasis.opendocument.presentation',
  pdf: 'application/pdf',
};

/** A "save as" in another format gets that format's media type; the same extension keeps the original's. */
const contentTypeOf = (name: string, original: FileRow) =>
  extensionOf(name) === extensionOf(original.name) ? original.content_type : (TYPES[extensionOf(name)] ?? 'application/octet-stream');
