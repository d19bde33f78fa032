import type { Kysely } from 'kysely';
import type { DB } from './db/schema.js';
import { purgeAccountInfra, purgeFinishedJobs } from './db/housekeeping.js';
import { MessageJobs } from './jobs/message-jobs.js';
import type { Mailer } from './mail/mailer.js';
import type { SmsGateway } from './sms/sms-gateway.js';
import type { ModuleManifest } from './module-manifest.js';
import { minutes } from '../shared/time.js';
import { purgeRequestCounters } from './rate-limit/request-limit-store.js';
import { purgeOldMinutes } from './figures/figure-recorder.js';

export const PURGE_JOBS_SCHEDULE = 'jobs.purge-finished';
export const PURGE_REQUEST_COUNTERS_SCHEDULE = 'rate-limit.purge-counters';
export const PURGE_FIGURE_MINUTES_SCHEDULE = 'figures.purge-minutes';

/**
 * Shared infrastructure's own jobs, schedules and tables (the queue's, the secrets behind signed URLs, operating figures,
 * and the ranges a composed blob is read from: the blob store reads `content_part` itself).
 */
export function infraModule(d: { db: Kysely<DB>; mailer: Mailer; sms: SmsGateway }): ModuleManifest {
  return {
    name: 'infra',
    jobs: MessageJobs.jobs(d.mailer, d.sms),
    schedules: [
      { name: PURGE_JOBS_SCHEDULE, everyMs: minutes(60), run: () => purgeFinishedJobs(d.db) },
      { name: PURGE_REQUEST_COUNTERS_SCHEDULE, everyMs: minutes(60), run: () => purgeRequestCounters(d.db) },
      { name: PURGE_FIGURE_MINUTES_SCHEDULE, everyMs: minutes(60), run: () => purgeOldMinutes(d.db) },
    ],
    tables: ['job', 'job_instance', 'server_secret', 'request_counter', 'metric_day', 'metric_minute', 'content_part'],
    purgeAccount: (account) => purgeAccountInfra(d.db, account.id),
  };
}
