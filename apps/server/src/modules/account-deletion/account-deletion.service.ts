import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../infra/db/schema.js';
import type { JobQueue } from '../../infra/jobs/job-queue.js';
import type { ModuleManifest, PurgedAccount } from '../../infra/module-manifest.js';
import type { AuthContext } from '../../shared/auth-context.js';
import { BadRequest, NotFound } from '../../shared/errors.js';
import { verifyPassword } from '../../shared/password.js';
import { newId } from '../../shared/tokens.js';
import * as accounts from '../account/account.identity.public.js';
import type { AuthService } from '../auth/auth.public.js';
import * as repo from './account-deletion.repository.js';

export const DELETE_ACCOUNT_JOB = 'account.delete-step';

/** A module's purge hook, by name, in the order the job runs them. */
export interface Purger {
  name: string;
  purgeAccount: (account: PurgedAccount) => Promise<void>;
}

/**
 * The fixed order of the purge: every hook in reverse registration order (a module before the modules it was built
 * from: share links before files, files before the account), the account module's last since its row is what every
 * other row refers to.
 */
export function purgeOrder(modules: ReadonlyArray<ModuleManifest>): Purger[] {
  const hooks = modules.filter((m): m is ModuleManifest & Purger => m.purgeAccount !== undefined).reverse();
  return [...hooks.filter((m) => m.name !== 'account'), ...hooks.filter((m) => m.name === 'account')];
}

interface Deps {
  db: Kysely<DB>;
  jobs: JobQueue;
  auth: AuthService;
  logger: FastifyBaseLogger;
  /** Read when the job runs: the app's modules are all built by then. */
  purgers: () => Purger[];
}

export class AccountDeletionService {
  constructor(private readonly d: Deps) {}

  /**
   * Re-checks the password, then in one transaction: the account is marked deleted (it cannot sign in, its e-mail and
   * phone are free again), every session and remember-me token ends, and the purge job is queued.
   */
  async request(auth: AuthContext, password: string): Promise<void> {
    const account = await accounts.getById(this.d.db, auth.accountId);
    if (!account || account.status === 'DELETED') throw NotFound('Account not found.');
    if (!(await verifyPassword(account.password_hash, password))) {
      throw BadRequest('INVALID_PASSWORD', 'The password is not correct.', 'password');
    }
    const at = Date.now();
    const id = newId();
    await this.d.db.transaction().execute(async (trx) => {
      if (!(await accounts.markDeleted(trx, account.id, at))) throw NotFound('Account not found.');
      await this.d.auth.endSessions(account.id, { db: trx });
      await repo.create(trx, { id, account_id: account.id, email: account.email, phone_e164: account.phone_e164, done: '', requested_at: at });
      // The job names the deletion, not the account: finished jobs are kept a while, and must not mention it.
      await this.d.jobs.enqueue(trx, DELETE_ACCOUNT_JOB, { deletionId: id });
    });
    this.d.logger.info({ deletion: id }, 'account deletion requested');
  }

  /**
   * One step of the purge: the next module's hook, then its name recorded and the next step queued in one
   * transaction. A crash during a hook leaves the step to run again (hooks are idempotent); after the last hook the
   * deletion row goes too, so no row anywhere names the account.
   */
  async step(deletionId: string): Promise<void> {
    const row = await repo.getById(this.d.db, deletionId);
    if (!row) return;
    const done = new Set(row.done.split(',').filter(Boolean));
    const next = this.d.purgers().find((p) => !done.has(p.name));
    if (!next) {
      await repo.remove(this.d.db, deletionId);
      this.d.logger.info({ deletion: deletionId }, 'account deletion finished');
      return;
    }
    await next.purgeAccount({ id: row.account_id, email: row.email, phoneE164: row.phone_e164, deletedAt: row.requested_at });
    done.add(next.name);
    await this.d.db.transaction().execute(async (trx) => {
      await repo.setDone(trx, deletionId, [...done].join(','));
      await this.d.jobs.enqueue(trx, DELETE_ACCOUNT_JOB, { deletionId });
    });
  }
}
