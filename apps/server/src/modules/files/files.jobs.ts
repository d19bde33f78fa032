import type { Kysely } from 'kysely';
import type { BlobStore } from '../../infra/blob-store/blob-store.js';
import type { DB } from '../../infra/db/schema.js';
import type { Executor } from '../../infra/db/executor.js';
import type { JobHandler, JobQueue } from '../../infra/jobs/job-queue.js';
import { releaseBlob } from './files.content.js';

export const PURGE_BLOBS_JOB = 'file.purge-blobs';
const PURGE_BATCH = 1000;

/** A job type as the app registers it on the queue. */
export interface JobDefinition {
  type: string;
  handler: JobHandler;
  options: NonNullable<Parameters<JobQueue['register']>[2]>;
}

/**
 * Deletes blobs of files gone for good; the store's delete is idempotent, so a retried job is harmless. A blob that a
 * row still names is kept: copies saved from a shared link share the original's blob, thumbnail and preview, and
 * identical contents share one blob across accounts (issue 35: `releaseBlob` recounts under the content row's lock).
 */
export const purgeBlobsJob = (blobs: BlobStore, db: Kysely<DB>): JobDefinition => ({
  type: PURGE_BLOBS_JOB,
  handler: async (payload) => {
    for (const key of (payload as { keys: string[] }).keys) await releaseBlob(db, blobs, key);
  },
  options: { maxAttempts: 10, backoffMs: 10_000 },
});

/** Queues blobs for deletion in the transaction that deletes their rows, so they go only once the rows are gone for good. */
export async function queuePurge(db: Executor, jobs: JobQueue, keys: readonly string[]): Promise<void> {
  for (let i = 0; i < keys.length; i += PURGE_BATCH) {
    await jobs.enqueue(db, PURGE_BLOBS_JOB, { keys: keys.slice(i, i + PURGE_BATCH) });
  }
}
