import type { Kysely } from 'kysely';
import type { DB } from '../../infra/db/schema.js';
import type { MessageJobs } from '../../infra/jobs/message-jobs.js';
import { routes, type ModuleWith } from '../../infra/module-manifest.js';
import { purgeAccount } from './feedback.repository.js';
import { feedbackRoutes } from './feedback.routes.js';
import { FeedbackService } from './feedback.service.js';

/** The subscribers' feedback form (issue 29); the support console reads it through feedback.public.ts. */
export function feedbackModule(d: { db: Kysely<DB>; messages: MessageJobs; feedbackEmail: string | null; clock?: () => number }): ModuleWith<FeedbackService> {
  const service = new FeedbackService({ ...d, clock: d.clock ?? Date.now });
  return {
    name: 'feedback',
    routes: routes(feedbackRoutes, { service }),
    tables: ['support_feedback'],
    service,
    purgeAccount: (account) => purgeAccount(d.db, account.id),
  };
}
