import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../infra/db/schema.js';
import type { BlobStore } from '../../infra/blob-store/blob-store.js';
import type { JobQueue } from '../../infra/jobs/job-queue.js';
import type { Config } from '../../config.js';
import type { MessageJobs } from '../../infra/jobs/message-jobs.js';
import { routes, type ModuleWith } from '../../infra/module-manifest.js';
import { DavError } from '../../infra/dav/dav-errors.js';
import { registerDavMount } from '../../infra/dav/dav-server.js';
import { AppError } from '../../shared/errors.js';
import { minutes } from '../../shared/time.js';
import { FileChangesService } from '../files/files.public.js';
import { LoginLockout } from '../auth/auth.public.js';
import type { UploadService } from '../upload/upload.public.js';
import { AppPasswordService } from './app-password.service.js';
import { fileMethods } from './webdav.methods.js';
import * as repo from './webdav.repository.js';
import { appPasswordRoutes } from './webdav.routes.js';
import { WebdavService } from './webdav.service.js';
import { DbLockStore, DbPropertyStore } from './webdav.stores.js';
import { FilesTree, type FilesPrincipal } from './webdav.tree.js';

/** Where subscribers mount their files (README: how to map it in each OS). */
export const FILES_MOUNT = '/dav/files';
export const PURGE_LOCKS_SCHEDULE = 'webdav.purge-expired-locks';

export interface WebdavModule extends ModuleWith<AppPasswordService> {
  /** Registers the DAV mount on the app, outside /api (DAV clients speak to their own URL). */
  mount(app: FastifyInstance): Promise<void>;
}

export function webdavModule(d: {
  db: Kysely<DB>;
  blobs: BlobStore;
  jobs: JobQueue;
  uploads: UploadService;
  messages: MessageJobs;
  config: Pick<Config, 'loginLockoutThreshold' | 'authRateLimitPerMinute' | 'davPageSize'>;
  clock?: () => number;
}): WebdavModule {
  const passwords = new AppPasswordService(d.db, new LoginLockout(d.db, d.config, d.messages), d.config.authRateLimitPerMinute, d.clock);
  const changes = new FileChangesService({ db: d.db, jobs: d.jobs });
  // The tree needs the service for LOCK on a new name, and the service walks the tree: tied here.
  let service: WebdavService | null = null;
  const tree = new FilesTree(d.db, (p, path) => service!.createEmpty(p, path), { pageSize: d.config.davPageSize });
  service = new WebdavService({ db: d.db, blobs: d.blobs, uploads: d.uploads, changes, tree });
  const files = service;
  return {
    name: 'webdav',
    routes: routes(appPasswordRoutes, { passwords }),
    tables: ['app_password', 'dav_property', 'dav_lock'],
    schedules: [{ name: PURGE_LOCKS_SCHEDULE, everyMs: minutes(60), run: async () => void (await repo.deleteExpiredLocks(d.db, Date.now())) }],
    purgeAccount: (account) => repo.purgeAccount(d.db, account.id),
    service: passwords,
    mount: (app) =>
      registerDavMount<FilesPrincipal>(app, {
        prefix: FILES_MOUNT,
        classes: '1, 2',
        authenticate: async (req) => {
          const auth = await passwords.authenticate(req.headers.authorization, 'files', req.ip);
          return { scopeId: auth.accountId, auth };
        },
        tree,
        properties: new DbPropertyStore(d.db),
        lockStore: new DbLockStore(d.db),
        methods: fileMethods(FILES_MOUNT, tree, files),
        mapError: davStatusOf,
        clock: d.clock,
        // The answer is rendered a page of the listing at a time: the tree reads the same page size.
        pageSize: d.config.davPageSize,
      }),
  };
}

/** The product's refusals that DAV clients know by their own status: a full quota is 507 (RFC 4918 §11.5). */
function davStatusOf(err: unknown): DavError | null {
  if (err instanceof AppError && err.status === 'QUOTA_EXCEEDED') return new DavError(507, null, err.message);
  if (err instanceof AppError && err.status === 'ACCOUNT_READ_ONLY') return new DavError(507, null, err.message);
  return null;
}
