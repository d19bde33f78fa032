import { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { DB } from '../../infra/db/schema.js';
import type { BlobStore } from '../../infra/blob-store/blob-store.js';
import type { JobQueue } from '../../infra/jobs/job-queue.js';
import { isUniqueViolation } from '../../infra/db/dialect.js';
import type { AccessPolicy } from '../../shared/access/access-policy.js';
import { actingFor } from '../../shared/access/acting-account.js';
import { assertWritable } from '../../shared/access.js';
import type { AuthContext } from '../../shared/auth-context.js';
import { NotFound } from '../../shared/errors.js';
import { nameKey, validateName } from '../../shared/names.js';
import { newId } from '../../shared/tokens.js';
import * as accounts from '../account/account.quota.public.js';
import { getById as getAccount } from '../account/account.identity.public.js';
import * as files from '../files/files.public.js';
import { ROOT, toFileItem, type DerivativeLinks, type FileItemDto } from '../files/files.public.js';
import type { WopiDiscovery } from './office.discovery.js';
import { editorUrl } from './office.discovery.js';
import { Unsupported } from './office.errors.js';
import { DOCUMENT_TYPE_OF_KIND, editorKindOf, extensionOf, isEditable, isOpenable } from './office.formats.js';
import { OFFICE_PREVIEW_JOB } from './office.preview.js';
import * as repo from './office.repository.js';
import type { OfficeMode } from './office.table.js';
import { blank, EXTENSION_OF, OFFICE_TYPES, type BlankKind } from './office.templates.js';
import { issueToken } from './office.tokens.js';
import { versionOf } from './office.wopi.js';

export interface OfficeDeps {
  db: Kysely<DB>;
  blobs: BlobStore;
  jobs: JobQueue;
  access: AccessPolicy;
  links: DerivativeLinks;
  logger: FastifyBaseLogger;
  /** Set when OFFICE_WOPI_URL names a Collabora Online or ONLYOFFICE server. */
  discovery: WopiDiscovery | null;
  clock: () => number;
}

export interface CreateInput {
  documentType: BlankKind;
  parentFolderUuid?: string;
  /** The new file's name; the extension is added when missing. Default: "Document", "Spreadsheet" or "Presentation". */
  name?: string;
}

const DEFAULT_STEM: Record<BlankKind, string> = { WORD: 'Document', CELL: 'Spreadsheet', SLIDE: 'Presentation' };

/** What the web needs to open a document for one caller (GET /office/files/{id}). */
export interface OpenConfig {
  uuid: string;
  projectId: string;
  name: string;
  contentType: string;
  bytes: number;
  version: string;
  documentType: FileItemDto['documentType'];
  /** The spec's editor document kind: 0 notSet, 1 doc, 2 cell, 3 slide. */
  documentKind: number;
  mode: OfficeMode;
  /** Who holds the file open for editing when that made this opening read-only; null otherwise. */
  lockedBy: string | null;
  editor: { kind: 'embedded' | 'wopi'; url: string | null };
  accessToken: string;
  /** Epoch ms the token stops working (WOPI's access_token_ttl). */
  accessTokenTtl: number;
  /** This file on the WOPI host (CheckFileInfo; + /contents for its bytes), to be called with ?access_token=. */
  wopiSrc: string;
  previewUrl: string | null;
  thumbnailUrl: string | null;
}

/** Creating blank documents and opening documents in the editor (issue 33). */
export class OfficeService {
  constructor(private readonly d: OfficeDeps) {}

  /**
   * A blank document in a folder of mine, or of a folder shared with me as an editor (then the owner's file and quota),
   * under a free name.
   */
  async create(caller: AuthContext, projectId: string | null, input: CreateInput): Promise<FileItemDto> {
    assertWritable(caller);
    const auth = await actingFor(this.d.db, caller, input.parentFolderUuid);
    if (projectId !== null && projectId !== auth.projectId) throw NotFound('Folder not found.');
    const parentId = input.parentFolderUuid || ROOT;
    const ext = EXTENSION_OF[input.documentType];
    const stem = input.name === undefined ? DEFAULT_STEM[input.documentType] : validateName(input.name, 'name');
    const wanted = validateName(extensionOf(stem) === ext ? stem : `${stem}.${ext}`, 'name');
    const bytes = await blank(input.documentType);
    const id = newId();
    const key = files.fileBlobKey(auth.accountId, id);
    const contentType = OFFICE_TYPES[ext];
    const stored = await this.d.blobs.put(key, Readable.from([bytes]), { contentType });
    for (let attempt = 1; ; attempt++) {
      try {
        const row = await this.d.db.transaction().execute(async (trx) => {
          if (parentId !== ROOT && !(await files.getActiveFolder(trx, auth.accountId, parentId))) throw NotFound('Folder not found.');
          const name = await files.freeNameInFolder(trx, auth.accountId, parentId, wanted, false);
          if (!(await accounts.reserveQuota(trx, auth.accountId, stored.size))) throw accounts.QuotaExceeded();
          await accounts.commitQuota(trx, auth.accountId, stored.size, stored.size);
          const at = this.d.clock();
          const row: files.FileRow = {
            ...NO_MEDIA_COLUMNS,
            id,
            account_id: auth.accountId,
            parent_id: parentId,
            name,
            name_key: nameKey(name),
            is_folder: 0,
            bytes: stored.size,
            content_type: contentType,
            document_type: input.documentType,
            blob_key: key,
            sha256: stored.sha256,
            favourite: 0,
            hidden: 0,
            description: null,
            status: 'ACTIVE',
            trashed_at: null,
            trash_root_id: null,
            device_type: 'WEB',
            created_at: at,
            last_modified_at: at,
            // An editor of a shared folder creating in it is named in the file's versions (issue 33).
            content_saved_by: await files.saverOf(trx, auth),
            content_saved_at: at,
            family_id: null,
            family_held_until: null,
            facts_given: 0,
          };
          await files.insertFile(trx, row);
          await files.recordActivity(trx, auth.accountId, [row], 'UPLOADED');
          await this.d.jobs.enqueue(trx, OFFICE_PREVIEW_JOB, { fileId: id }, { fairKey: auth.accountId });
          return row;
        });
        return toFileItem(row, auth.projectId, this.d.links);
      } catch (err) {
        // Another writer took the free name first: pick again.
        if (isUniqueViolation(err) && attempt < 3) continue;
        await this.d.blobs.delete(key).catch(() => undefined);
        throw err;
      }
    }
  }

  /**
   * The editor for one file and this caller: edit for the owner and editors of a share, view for viewers (and while
   * another person holds the file open in the embedded editor); a fresh access token scoped to the file and caller.
   */
  async open(caller: AuthContext, fileId: string, projectId: string | null, origin: string): Promise<OpenConfig> {
    const auth = await actingFor(this.d.db, caller, fileId);
    if (projectId !== null && projectId !== auth.projectId) throw NotFound('File not found.');
    const file = await files.getById(this.d.db, auth.accountId, fileId);
    if (!file || file.status !== 'ACTIVE' || file.is_folder === 1 || file.blob_key === null) throw NotFound('File not found.');
    const ext = extensionOf(file.name);
    if (!isOpenable(ext)) throw Unsupported();
    const at = this.d.clock();
    const own = auth.accountId === caller.accountId;
    const mayWrite = own || (await this.d.access.checkAccess(caller, 'file.write', [fileId])).has(fileId);
    let mode: OfficeMode = mayWrite && caller.status !== 'READ_ONLY' && isEditable(ext) ? 'edit' : 'view';
    let lockedBy: string | null = null;
    if (mode === 'edit' && this.d.discovery === null) {
      // One editor at a time in the embedded editor (a WOPI editor co-edits, and holds the lock for all its users).
      const lock = await repo.getLiveLock(this.d.db, file.id, at);
      if (lock && lock.account_id !== caller.accountId) {
        mode = 'view';
        const holder = await getAccount(this.d.db, lock.account_id);
        lockedBy = holder ? `${holder.name} ${holder.surname}`.trim() : '';
      }
    }
    const { token, expiresAt } = await issueToken(this.d.db, { fileId: file.id, ownerId: auth.accountId, accountId: caller.accountId, mode }, at);
    const wopiSrc = `${origin}/api/wopi/files/${file.id}`;
    let editor: OpenConfig['editor'] = { kind: 'embedded', url: null };
    if (this.d.discovery) {
      try {
        const url = editorUrl(await this.d.discovery.actions(), ext, file.content_type, mode, wopiSrc);
        if (url) editor = { kind: 'wopi', url };
      } catch (err) {
        // The editor server is down: the embedded editor still opens the file.
        this.d.logger.warn({ err }, 'WOPI discovery failed');
      }
    }
    const kind = editorKindOf(ext);
    const urls = this.d.links.urls(file);
    return {
      uuid: file.id,
      projectId: auth.projectId,
      name: file.name,
      contentType: file.content_type,
      bytes: Number(file.bytes),
      version: versionOf(file),
      documentType: file.document_type ?? (ext === 'pdf' ? 'PDF' : DOCUMENT_TYPE_OF_KIND[kind] ?? null),
      documentKind: kind,
      mode,
      lockedBy,
      editor,
      accessToken: token,
      accessTokenTtl: expiresAt,
      wopiSrc,
      previewUrl: urls.previewUrl,
      thumbnailUrl: urls.thumbnailUrl,
    };
  }

  /** Hourly: expired tokens and locks go. */
  async sweep(): Promise<number> {
    const at = this.d.clock();
    await repo.deleteExpiredLocks(this.d.db, at);
    return repo.deleteExpiredTokens(this.d.db, at);
  }
}

const NO_MEDIA_COLUMNS = {
  taken_at: null,
  taken_day: null,
  width: null,
  height: null,
  duration_ms: null,
  latitude: null,
  longitude: null,
  camera: null,
  orientation: null,
  placeholder: null,
  thumb_key: null,
  small_thumb_key: null,
  preview_key: null,
  media_status: null,
  media_error: null,
  media_kind: null,
  video_slideshow: 0,
  time_zone: null,
} as const;
