import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import { createBlobStore } from './blob-store/create-blob-store.js';
import { withComposedContent } from './blob-store/composed-blob-store.js';
import { createDatabase, pingDatabase, type Database } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { ROW_CHANGES_CHANNEL, type RowChangeEvent } from './db/row-changes.js';
import { postgresRelay } from './relay/relay.js';
import { JobQueue } from './jobs/job-queue.js';
import { MessageJobs } from './jobs/message-jobs.js';
import { OutboxMailer, SmtpMailer } from './mail/mailer.js';
import { DevOutbox } from './outbox/dev-outbox.js';
import { FigureRecorder } from './figures/figure-recorder.js';
import { UrlSigner } from './signing/url-signer.js';
import { HttpSmsGateway, OutboxSmsGateway } from './sms/sms-gateway.js';

/**
 * The app's infrastructure, in dependency order: the migrated database, blob store, mail and SMS (or the dev outbox),
 * the job queue, the figure recorder (operating counters for the operator's dashboard) and the URL signer with its key loaded (file items sign thumbnail URLs synchronously).
 */
export async function createInfrastructure(config: Config, logger: FastifyBaseLogger, existing?: Database) {
  const database = existing ?? createDatabase({ databaseUrl: config.databaseUrl, sqliteFile: config.sqliteFile, poolSize: config.databasePoolSize });
  await migrateToLatest(database.db);
  // Other instances' session and account changes (PostgreSQL), heard before the first request, for the session cache.
  const rowChangeRelay = config.databaseUrl ? postgresRelay<RowChangeEvent>(ROW_CHANGES_CHANNEL, config.databaseUrl, database.db, logger) : null;
  const detachRowChanges = rowChangeRelay ? database.rowChanges.listen(rowChangeRelay) : () => undefined;
  await rowChangeRelay?.ready();
  const stopRowChanges = async () => {
    detachRowChanges();
    await rowChangeRelay?.close();
  };
  const blobs = withComposedContent(await createBlobStore(config.blobs), database.db);
  const outbox = new DevOutbox(config.outboxDir);
  const mailer = config.smtpUrl ? new SmtpMailer(config.smtpUrl, config.mailFrom) : new OutboxMailer(outbox);
  const sms = config.smsGatewayUrl ? new HttpSmsGateway(config.smsGatewayUrl, config.smsGatewayMethod) : new OutboxSmsGateway(outbox);
  const jobs = new JobQueue({
    db: database.db,
    dialect: database.dialect,
    logger,
    concurrency: config.jobConcurrency,
    pollMs: config.jobPollMs,
    instanceName: config.instanceId,
  });
  const messages = new MessageJobs(jobs);
  const figures = new FigureRecorder({ db: database.db, dialect: database.dialect, logger });
  const signer = new UrlSigner(database.db);
  await signer.load();
  const health = async () => ({
    database: await pingDatabase(database.db).then(() => true, () => false),
    blobStore: await blobs.ping().then(() => true, () => false),
  });
  return { database, db: database.db, blobs, mailer, sms, jobs, messages, signer, health, figures, stopRowChanges };
}

export type Infrastructure = Awaited<ReturnType<typeof createInfrastructure>>;
