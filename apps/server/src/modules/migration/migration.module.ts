import type { Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import type { DB } from '../../infra/db/schema.js';
import type { JobQueue } from '../../infra/jobs/job-queue.js';
import { routes, type ModuleWith } from '../../infra/module-manifest.js';
import { loadOrCreateKey } from '../../shared/key-file.js';
import { SecretBox } from '../../shared/totp.js';
import { FileChangesService } from '../files/files.public.js';
import type { UploadService } from '../upload/upload.public.js';
import type { AlbumsService } from '../albums/albums.public.js';
import type { MediaService } from '../media/media.public.js';
import type { BlobStore } from '../../infra/blob-store/blob-store.js';
import { DropboxImport } from './migration.import.js';
import { purgeAccount, purgeTakeout } from './migration.repository.js';
import { migrationRoutes } from './migration.routes.js';
import { DROPBOX_IMPORT_JOB, MigrationService } from './migration.service.js';
import { TakeoutImport } from './takeout.import.js';
import { TAKEOUT_IMPORT_JOB, TakeoutService } from './takeout.service.js';

/** Attempts of one import job (each resumes from the saved cursor) before the run is given up as FAILED. */
const IMPORT_ATTEMPTS = 20;

/** Attempts of one Takeout import (each skips what the earlier ones brought in). */
const TAKEOUT_ATTEMPTS = 10;

/**
 * Moving in (issue 34): from Dropbox (the connection, and the import as a durable job through the upload path) and
 * from a Google Photos Takeout archive uploaded to Files (a durable job too).
 */
export function migrationModule(d: {
  db: Kysely<DB>;
  jobs: JobQueue;
  blobs: BlobStore;
  uploads: UploadService;
  media: MediaService;
  albums: AlbumsService;
  logger: FastifyBaseLogger;
  config: Pick<Config, 'dropbox' | 'twoFactorKey' | 'twoFactorKeyFile' | 'publicUrl'>;
}): ModuleWith<MigrationService> {
  // Tokens are sealed with the key that seals the TOTP secrets (kept outside the database).
  const box = new SecretBox(loadOrCreateKey(d.config.twoFactorKey, d.config.twoFactorKeyFile, 'two-factor'));
  const migration = new MigrationService({ db: d.db, jobs: d.jobs, box, logger: d.logger, dropbox: d.config.dropbox });
  const changes = new FileChangesService({ db: d.db, jobs: d.jobs });
  const deps = { db: d.db, logger: d.logger, uploads: d.uploads, changes, migration };
  const takeout = new TakeoutService({ db: d.db, jobs: d.jobs });
  const takeoutDeps = { db: d.db, blobs: d.blobs, logger: d.logger, uploads: d.uploads, changes, media: d.media, albums: d.albums };
  return {
    name: 'migration',
    routes: routes(migrationRoutes, { migration, takeout, publicUrl: d.config.publicUrl }),
    jobs: [
      {
        type: DROPBOX_IMPORT_JOB,
        handler: (p, ctx) => DropboxImport.run(deps, p as { accountId: string; runId: string }, ctx.attempt >= IMPORT_ATTEMPTS),
        // Its own slots: an import runs for hours and must not hold the shared ones (mail, housekeeping) that long.
        options: { maxAttempts: IMPORT_ATTEMPTS, backoffMs: 5_000, concurrency: 1 },
      },
      {
        type: TAKEOUT_IMPORT_JOB,
        handler: (p, ctx) => TakeoutImport.run(takeoutDeps, p as { accountId: string; importId: string }, ctx.attempt >= TAKEOUT_ATTEMPTS),
        // Its own slot, like the Dropbox import: hours for a large archive.
        options: { maxAttempts: TAKEOUT_ATTEMPTS, backoffMs: 5_000, concurrency: 1 },
      },
    ],
    tables: ['dropbox_connection', 'dropbox_import', 'dropbox_item', 'takeout_import', 'takeout_item'],
    purgeAccount: async (account) => {
      await purgeAccount(d.db, account.id);
      await purgeTakeout(d.db, account.id);
    },
    service: migration,
  };
}
