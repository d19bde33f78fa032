import type { Kysely } from 'kysely';
import type { DB } from '../../infra/db/schema.js';
import type { JobQueue } from '../../infra/jobs/job-queue.js';
import type { AuthContext } from '../../shared/auth-context.js';
import { assertWritable } from '../../shared/access.js';
import { BadRequest, NotFound } from '../../shared/errors.js';
import { newId } from '../../shared/tokens.js';
import * as files from '../files/files.public.js';
import * as repo from './migration.repository.js';
import type { TakeoutImportRow } from './migration.table.js';
import type { TakeoutStatusDto } from './migration.schemas.js';
import { archiveKind } from './takeout.archive.js';
import type { TakeoutFailure } from './takeout.import.js';

export const TAKEOUT_IMPORT_JOB = 'migration.takeout-import';

/** "Import as photos" on an uploaded Takeout archive: starts the durable import, and reports its progress. */
export class TakeoutService {
  constructor(private readonly d: { db: Kysely<DB>; jobs: JobQueue }) {}

  /** Starts importing the archive `fileId` (the caller's own .zip or .tgz); an import already running is answered. */
  async start(auth: AuthContext, fileId: string): Promise<TakeoutStatusDto> {
    assertWritable(auth);
    const file = await files.getActiveFile(this.d.db, auth.accountId, fileId);
    if (!file) throw NotFound('File not found.');
    if (!archiveKind(file.name)) throw BadRequest('NOT_AN_ARCHIVE', 'Choose a Google Takeout archive (.zip or .tgz).', 'uuid');
    const running = await repo.runningTakeout(this.d.db, auth.accountId);
    if (running) return { import: present(running) };
    const at = Date.now();
    const row = {
      account_id: auth.accountId,
      id: newId(),
      file_id: file.id,
      status: 'RUNNING' as const,
      media_total: -1,
      media_done: 0,
      imported: 0,
      skipped: 0,
      failed: 0,
      albums: 0,
      failures: '[]',
      created_at: at,
      updated_at: at,
      finished_at: null,
    };
    try {
      await this.d.db.transaction().execute(async (trx) => {
        await repo.insertTakeout(trx, row);
        await this.d.jobs.enqueue(trx, TAKEOUT_IMPORT_JOB, { accountId: auth.accountId, importId: row.id });
      });
    } catch (err) {
      // Two requests at once: the unique index on the running import let one through; the other answers it.
      const winner = await repo.runningTakeout(this.d.db, auth.accountId);
      if (winner) return { import: present(winner) };
      throw err;
    }
    return { import: present(row) };
  }

  async status(auth: AuthContext): Promise<TakeoutStatusDto> {
    const row = await repo.latestTakeout(this.d.db, auth.accountId);
    return { import: row ? present(row) : null };
  }
}

function present(row: TakeoutImportRow): NonNullable<TakeoutStatusDto['import']> {
  return {
    id: row.id,
    fileId: row.file_id,
    status: row.status,
    mediaTotal: Number(row.media_total) < 0 ? null : Number(row.media_total),
    mediaDone: Number(row.media_done),
    imported: Number(row.imported),
    skipped: Number(row.skipped),
    failed: Number(row.failed),
    albums: Number(row.albums),
    startedAt: Number(row.created_at),
    finishedAt: row.finished_at === null ? null : Number(row.finished_at),
    failures: JSON.parse(row.failures) as TakeoutFailure[],
  };
}
