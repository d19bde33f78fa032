import type { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { DB } from '../../infra/db/schema.js';
import type { BlobStore } from '../../infra/blob-store/blob-store.js';
import type { JobQueue } from '../../infra/jobs/job-queue.js';
import type { MessageJobs } from '../../infra/jobs/message-jobs.js';
import type { ArchivePaths, ExportedData } from '../../infra/module-manifest.js';
import type { UrlSigner } from '../../infra/signing/url-signer.js';
import type { AuthContext } from '../../shared/auth-context.js';
import { NotFound } from '../../shared/errors.js';
import { toLanguage } from '../../shared/schemas.js';
import { days } from '../../shared/time.js';
import { newId } from '../../shared/tokens.js';
import { getById as getAccount } from '../account/account.support.public.js';
import { createNotification } from '../notification/notification.public.js';
import { failedNotice, readyNotice } from './data-export.messages.js';
import * as repo from './data-export.repository.js';
import type { DataExportDto } from './data-export.schemas.js';
import type { DataExportRow, ExportPart } from './data-export.table.js';
import { exportLayout, filePath, planPart, writePart, type ArchiveExtra, type Layout } from './data-export.zip.js';

export const DATA_EXPORT_JOB = 'data-export.build';
/** A ready export's links work this long; then housekeeping removes it. */
export const EXPORT_TTL_MS = days(7);
/** A failed export is kept this long so its status can still be read, then removed. */
const FAILED_KEPT_MS = days(1);
/** Exports housekeeping removes per run. */
const PURGE_BATCH = 100;

const Gone = () => NotFound('Export not found.');

/** A module that gives a section of account.json or files of its own (the manifest's `exportAccount`). */
export interface ExportContributor {
  name: string;
  exportAccount: (accountId: string, archive: ArchivePaths) => Promise<ExportedData>;
}

export interface DataExportDeps {
  db: Kysely<DB>;
  blobs: BlobStore;
  jobs: JobQueue;
  messages: MessageJobs;
  signer: UrlSigner;
  logger: FastifyBaseLogger;
  /** The largest part in bytes (EXPORT_PART_BYTES). */
  partLimit: number;
  /** Read when a job runs: every module is built by then. */
  contributors: () => ExportContributor[];
}

export interface BuildPayload {
  accountId: string;
  exportId: string;
  /** Where the links in the e-mail point (PUBLIC_URL, else the address the request came to). */
  origin: string;
}

const exportPrefix = (accountId: string, id: string) => `users/${accountId}/exports/${id}`;
const partKey = (accountId: string, id: string, n: number) => `${exportPrefix(accountId, id)}/part-${n}.zip`;
const partsOf = (row: DataExportRow) => JSON.parse(row.parts) as ExportPart[];

/**
 * Download all my data (issue 34): a durable job writes the account's files in their folder tree, account.json and what
 * the other modules give (contacts.vcf, albums.json) into zip parts in the blob store, one file streaming at a time;
 * signed links to the parts work for 7 days. One export runs at a time per account.
 */
export class DataExportService {
  constructor(private readonly d: DataExportDeps) {}

  /** Starts an export, or answers the one already running. Allowed to read-only accounts too: leaving is a right. */
  async start(auth: AuthContext, origin: string): Promise<DataExportDto> {
    const running = await repo.running(this.d.db, auth.accountId);
    if (running) return this.present(running);
    const at = Date.now();
    const row = {
      account_id: auth.accountId,
      id: newId(),
      status: 'RUNNING' as const,
      part_limit: this.d.partLimit,
      files_total: -1,
      bytes_total: -1,
      files_done: 0,
      bytes_done: 0,
      cursor: null,
      parts: '[]',
      created_at: at,
      updated_at: at,
      finished_at: null,
      expires_at: null,
    };
    try {
      await this.d.db.transaction().execute(async (trx) => {
        await repo.insert(trx, row);
        await this.d.jobs.enqueue(trx, DATA_EXPORT_JOB, { accountId: auth.accountId, exportId: row.id, origin } satisfies BuildPayload);
      });
    } catch (err) {
      // Two requests at once: the database let one start (a unique index on the running export); the other answers it.
      const winner = await repo.running(this.d.db, auth.accountId);
      if (winner) return this.present(winner);
      throw err;
    }
    return this.present(row);
  }

  /** The latest export: progress while it runs, the part links once ready. */
  async status(auth: AuthContext): Promise<{ export: DataExportDto | null }> {
    const row = await repo.latest(this.d.db, auth.accountId);
    return { export: row ? await this.present(row) : null };
  }

  /** A part behind a signed link; anything wrong (tampered, expired, someone else's, removed) is the same 404. */
  async open(token: string): Promise<{ filename: string; size: number; stream: Readable }> {
    const claims = await this.d.signer.verify('export', token);
    if (!claims || typeof claims.a !== 'string' || typeof claims.x !== 'string' || typeof claims.n !== 'number') throw Gone();
    const row = await repo.getById(this.d.db, claims.a, claims.x);
    if (!row || row.status !== 'READY' || row.expires_at === null || Number(row.expires_at) <= Date.now()) throw Gone();
    const part = partsOf(row)[claims.n - 1];
    if (!part) throw Gone();
    const got = await this.d.blobs.get(part.key).catch(() => {
      throw Gone();
    });
    return { filename: partName(row, claims.n), size: got.size, stream: got.stream };
  }

  private async present(row: DataExportRow): Promise<DataExportDto> {
    const parts = partsOf(row);
    const expiresAt = row.expires_at === null ? null : Number(row.expires_at);
    const expired = row.status === 'READY' && expiresAt !== null && expiresAt <= Date.now();
    const ready = row.status === 'READY' && !expired;
    return {
      id: row.id,
      status: expired ? 'EXPIRED' : row.status,
      filesTotal: Number(row.files_total) < 0 ? null : Number(row.files_total),
      bytesTotal: Number(row.bytes_total) < 0 ? null : Number(row.bytes_total),
      filesDone: Number(row.files_done),
      bytesDone: Number(row.bytes_done),
      partsDone: parts.length,
      createdAt: Number(row.created_at),
      finishedAt: row.finished_at === null ? null : Number(row.finished_at),
      expiresAt,
      parts: ready ? await Promise.all(parts.map(async (p, i) => ({ number: i + 1, bytes: p.bytes, url: await this.partUrl(row, i + 1), name: partName(row, i + 1) }))) : [],
    };
  }

  private async partUrl(row: DataExportRow, n: number): Promise<string> {
    return `/api/export/download/${await this.d.signer.sign('export', { a: row.account_id, x: row.id, n, e: Number(row.expires_at) })}`;
  }

  // --- the job

  async build(p: BuildPayload, lastAttempt: boolean): Promise<void> {
    try {
      await this.buildParts(p);
    } catch (err) {
      // The queue gives up after this attempt: the export ends as FAILED (and says so) rather than running for ever.
      if (lastAttempt) await this.finish(p, 'FAILED').catch(() => {});
      throw err;
    }
  }

  private async buildParts(p: BuildPayload): Promise<void> {
    const { db } = this.d;
    const row = await repo.getById(db, p.accountId, p.exportId);
    if (!row || row.status !== 'RUNNING') return;
    const account = await getAccount(db, p.accountId);
    if (!account || account.status === 'DELETED') return this.finish(p, 'FAILED');
    if (Number(row.files_total) < 0) {
      const totals = await repo.liveFileTotals(db, p.accountId);
      await repo.updateRunning(db, p.accountId, p.exportId, { files_total: totals.files, bytes_total: totals.bytes, updated_at: Date.now() });
    }
    const layout = exportLayout(await repo.liveFolders(db, p.accountId));
    const parts = partsOf(row);
    let cursor = row.cursor;
    let filesDone = Number(row.files_done);
    let bytesDone = Number(row.bytes_done);
    for (;;) {
      const first = parts.length === 0;
      // The first part carries the folders (empty ones too), account.json and the other modules' files.
      const extras = first ? await this.extras(p.accountId, layout) : [];
      const plan = await planPart({
        next: (after, limit) => repo.liveFilesAfter(db, p.accountId, after, limit),
        after: cursor,
        limit: Number(row.part_limit),
        layout,
        extras,
        withFolders: first,
      });
      if (!first && plan.files.length === 0) break;
      const key = partKey(p.accountId, p.exportId, parts.length + 1);
      const size = await writePart(this.d.blobs, key, plan, layout);
      parts.push({ key, bytes: size, files: plan.files.length });
      cursor = plan.files.at(-1)?.id ?? cursor;
      filesDone += plan.files.length;
      bytesDone += plan.files.reduce((n, f) => n + Number(f.bytes), 0);
      const saved = await repo.updateRunning(db, p.accountId, p.exportId, {
        parts: JSON.stringify(parts),
        cursor,
        files_done: filesDone,
        bytes_done: bytesDone,
        updated_at: Date.now(),
      });
      // Removed meanwhile (the account is being deleted): what was written goes too.
      if (!saved) return this.d.blobs.deletePrefix(exportPrefix(p.accountId, p.exportId));
      if (plan.last) break;
    }
    await this.finish(p, 'READY');
  }

  /** account.json (each module's section under its name) and the files the modules give. */
  private async extras(accountId: string, layout: Layout): Promise<ArchiveExtra[]> {
    const sections: Record<string, unknown> = {};
    const files: ArchiveExtra[] = [];
    const archive: ArchivePaths = {
      pathsOf: async (ids) => new Map((await repo.liveFilesByIds(this.d.db, accountId, ids)).map((f) => [f.id, filePath(layout, f)])),
    };
    for (const c of this.d.contributors()) {
      const data = await c.exportAccount(accountId, archive);
      if (data.section !== undefined) sections[c.name] = data.section;
      for (const f of data.files ?? []) files.push(f);
    }
    const account = { exportedAt: new Date().toISOString(), ...sections };
    return [{ path: 'account.json', content: Buffer.from(JSON.stringify(account, null, 2)) }, ...files];
  }

  /** Ends the export and tells the subscriber (a notification, and an e-mail with the links when ready). */
  private async finish(p: BuildPayload, status: 'READY' | 'FAILED'): Promise<void> {
    const account = await getAccount(this.d.db, p.accountId);
    const at = Date.now();
    const expiresAt = at + EXPORT_TTL_MS;
    const ended = await this.d.db.transaction().execute(async (trx) => {
      const ok = await repo.updateRunning(trx, p.accountId, p.exportId, {
        status,
        finished_at: at,
        updated_at: at,
        expires_at: status === 'READY' ? expiresAt : null,
      });
      if (!ok || !account || account.status === 'DELETED') return false;
      const language = toLanguage(account.language);
      const row = (await repo.getById(trx, p.accountId, p.exportId))!;
      if (status === 'FAILED') {
        await createNotification(trx, p.accountId, { type: 'DATA_EXPORT_FAILED', language: account.language, ...failedNotice(language) });
        return true;
      }
      const parts = partsOf(row);
      const notice = readyNotice(language, parts.length, expiresAt);
      await createNotification(trx, p.accountId, { type: 'DATA_EXPORT_READY', language: account.language, ...notice });
      if (account.email) {
        const links = await Promise.all(parts.map(async (_, i) => `${p.origin}${await this.partUrl(row, i + 1)}`));
        await this.d.messages.email(trx, { to: account.email, subject: notice.title, text: [notice.body, '', ...links].join('\n') });
      }
      return true;
    });
    // The earlier exports are replaced by this one: their parts would only take space until they expire.
    if (ended && status === 'READY') {
      for (const old of await repo.listAll(this.d.db, p.accountId)) if (old.id !== p.exportId && old.status !== 'RUNNING') await this.remove(old);
    }
  }

  // --- housekeeping and account deletion

  /** Removes ready exports past their 7 days and old failed ones, parts first. */
  async purgeExpired(at = Date.now()): Promise<number> {
    const rows = await repo.listExpired(this.d.db, at, at - FAILED_KEPT_MS, PURGE_BATCH);
    for (const row of rows) await this.remove(row);
    return rows.length;
  }

  async purgeAccount(accountId: string): Promise<void> {
    await this.d.blobs.deletePrefix(`users/${accountId}/exports`);
    await repo.removeAll(this.d.db, accountId);
  }

  private async remove(row: DataExportRow): Promise<void> {
    await this.d.blobs.deletePrefix(exportPrefix(row.account_id, row.id));
    await repo.remove(this.d.db, row.account_id, row.id);
  }
}

/** The part's file name as the browser saves it: the day it was made and its number. */
function partName(row: DataExportRow, n: number): string {
  const day = new Date(Number(row.created_at)).toISOString().slice(0, 10);
  return `bulut-data-${day}-${n}.zip`;
}
