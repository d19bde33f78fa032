import { randomUUID } from 'node:crypto';
import type { TestApp } from '../../test/harness.js';
import { MessageJobs } from '../../infra/jobs/message-jobs.js';
import { authModule } from '../auth/auth.module.js';
import { captchaModule } from '../captcha/captcha.module.js';
import { OpsSubscribersService } from './ops-subscribers.service.js';
import { recordOperatorAction } from '../audit/audit.public.js';
import type { ActingOperator } from './ops-subscribers.audit.js';

export const OPERATOR: ActingOperator = { operatorId: randomUUID(), sessionId: randomUUID(), role: 'support', email: 'destek@bulut.example', ip: '10.1.1.1' };

/** The console's subscriber service over the test app's database, built from the real auth and audit modules. */
export function opsService(t: TestApp, clock: () => number) {
  const messages = new MessageJobs(t.app.jobs);
  const captcha = captchaModule({ db: t.database.db, config: t.config }).service;
  const auth = authModule({ db: t.database.db, config: t.config, captcha, messages, health: async () => ({ database: true, blobStore: true }) }).service;
  const service = new OpsSubscribersService({
    db: t.database.db,
    auth,
    messages,
    publicUrl: null,
    clock,
    audit: recordOperatorAction,
  });
  /** The audit log's rows about an account, oldest first. */
  const audited = (accountId: string) =>
    t.database.db.selectFrom('operator_audit').selectAll().where('target_id', '=', accountId).orderBy('seq').execute();
  return { service, audited };
}
