import type { Kysely } from 'kysely';
import type { DB } from '../../infra/db/schema.js';
import type { BlobStore } from '../../infra/blob-store/blob-store.js';
import type { JobQueue } from '../../infra/jobs/job-queue.js';
import type { Executor } from '../../infra/db/executor.js';
import { assertWritable } from '../../shared/access.js';
import { actingFor } from '../../shared/access/acting-account.js';
import type { AuthContext } from '../../shared/auth-context.js';
import { NotFound } from '../../shared/errors.js';
import { FileNotFound } from './files.guards.js';
import * as repo from './files.repository.js';
import { toFileItem, type DerivativeLinks, type FileItemDto } from './files.schemas.js';
import type { FileRow } from './files.table.js';
import * as versions from './files.versions.repository.js';
import { toFileVersion, type FileVersionListDto } from './files.versions.schemas.js';
import { keepVersion, releaseVersions, saverOf, setContent } from './files.versions.writer.js';

type Auth = Pick<AuthContext, 'accountId' | 'projectId' | 'status' | 'sessionId'>;
const VersionNotFound = () => NotFound('Version not found.');

export interface FileVersionsDeps {
  db: Kysely<DB>;
  jobs: JobQueue;
  blobs: BlobStore;
  links?: DerivativeLinks;
  /** The media module's processing job, queued when a restored photo needs new thumbnails (files cannot import media). */
  mediaJob?: string;
  clock?: () => number;
}

/**
 * A file's versions (issue 33): list, download, restore, delete one or all. For the owner and editors of a share (the
 * routes ask for file.write, so a viewer is refused like a stranger); the bytes are always the owner's.
 */
export class FileVersionsService {
  private readonly clock: () => number;

  constructor(private readonly d: FileVersionsDeps) {
    this.clock = d.clock ?? Date.now;
  }

  async list(caller: Auth, uuid: string): Promise<FileVersionListDto> {
    const { auth } = await this.file(this.d.db, caller, uuid);
    const rows = await versions.listOfFile(this.d.db, auth.accountId, uuid);
    return { versionList: rows.map(toFileVersion), totalBytes: rows.reduce((sum, v) => sum + Number(v.bytes), 0) };
  }

  async open(caller: Auth, uuid: string, versionId: string) {
    const { auth, row } = await this.file(this.d.db, caller, uuid);
    const v = await versions.getOne(this.d.db, auth.accountId, uuid, versionId);
    if (!v) throw VersionNotFound();
    const blob = await this.d.blobs.get(v.blob_key);
    return { stream: blob.stream, name: row.name, contentType: v.content_type, bytes: Number(v.bytes) };
  }

  /** The version becomes the file's content; the content it had becomes a version first. Quota is unchanged. */
  async restore(caller: Auth, uuid: string, versionId: string): Promise<FileItemDto> {
    assertWritable(caller);
    const { auth, row } = await this.d.db.transaction().execute(async (trx) => {
      const found = await this.file(trx, caller, uuid);
      const owner = found.auth.accountId;
      const v = await versions.getOne(trx, owner, uuid, versionId);
      if (!v) throw VersionNotFound();
      const at = this.clock();
      await keepVersion(trx, this.d.jobs, found.row, at);
      await versions.deleteByIds(trx, owner, [v.id]);
      const content = { blobKey: v.blob_key, bytes: Number(v.bytes), sha256: v.sha256, contentType: v.content_type };
      const savedBy = await saverOf(trx, { ...caller, accountId: owner });
      return { auth: found.auth, row: await setContent(trx, this.d.jobs, found.row, content, savedBy, at, this.d.mediaJob) };
    });
    return toFileItem(row, auth.projectId, this.d.links);
  }

  async remove(caller: Auth, uuid: string, versionId: string): Promise<{ deleted: number }> {
    return this.d.db.transaction().execute(async (trx) => {
      const { auth } = await this.file(trx, caller, uuid);
      const v = await versions.getOne(trx, auth.accountId, uuid, versionId);
      if (!v) throw VersionNotFound();
      const gone = await versions.deleteByIds(trx, auth.accountId, [v.id]);
      await releaseVersions(trx, this.d.jobs, auth.accountId, gone);
      return { deleted: gone.length };
    });
  }

  async removeAll(caller: Auth, uuid: string): Promise<{ deleted: number }> {
    return this.d.db.transaction().execute(async (trx) => {
      const { auth } = await this.file(trx, caller, uuid);
      const gone = await versions.deleteOfFiles(trx, auth.accountId, [uuid]);
      await releaseVersions(trx, this.d.jobs, auth.accountId, gone);
      return { deleted: gone.length };
    });
  }

  /** The live file (not a folder) under the identity that owns it (an editor of a share acts as the owner). */
  private async file<A extends Auth>(db: Executor, caller: A, uuid: string): Promise<{ auth: A; row: FileRow }> {
    const auth = await actingFor(db, caller, uuid);
    const row = await repo.getById(db, auth.accountId, uuid);
    if (!row || row.status !== 'ACTIVE' || row.is_folder === 1) throw FileNotFound();
    return { auth, row };
  }
}
