import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../infra/db/schema.js';
import type { MessageJobs } from '../../infra/jobs/message-jobs.js';
import { Conflict, NotFound, ValidationError } from '../../shared/errors.js';
import * as accounts from '../account/account.support.public.js';
import type { Account } from '../account/account.identity.public.js';
import type { AuthService } from '../auth/auth.public.js';
import * as security from '../auth/auth.support.public.js';
import { usageByKind } from '../files/files.public.js';
import { getSubscriptionOf } from '../packages/packages.public.js';
import type { ActingOperator, RecordOperatorAction } from './ops-subscribers.audit.js';
import type { SubscriberDetail, SubscriberStatus, SubscriberSummary } from './ops-subscribers.schemas.js';

interface Deps {
  db: Kysely<DB>;
  auth: AuthService;
  messages: MessageJobs;
  /** Base of links in mails: the configured public URL, else the origin the console's request came to. */
  publicUrl: string | null;
  clock: () => number;
  /** The audit log's writer (audit.public.ts recordOperatorAction), called inside each action's transaction. */
  audit: RecordOperatorAction;
}

const NoSubscriber = () => NotFound('Subscriber not found.');
const iso = (ms: number | null | undefined) => (ms === null || ms === undefined ? null : new Date(Number(ms)).toISOString());

export function statusOf(a: Pick<Account, 'status' | 'suspended_at'>): SubscriberStatus {
  if (a.status === 'DELETED') return 'DELETED';
  if (a.suspended_at !== null) return 'SUSPENDED';
  return a.status;
}

/**
 * The operator console's subscriber pages (issue 27): find a subscriber, see their account (counts and sizes, never
 * what they store), and act on it with a reason. Every action and its audit record commit in one transaction.
 */
export class OpsSubscribersService {
  constructor(private readonly d: Deps) {}

  async search(q: string, limit: number): Promise<SubscriberSummary[]> {
    const hits = await accounts.searchAccounts(this.d.db, q, limit);
    return Promise.all(
      hits.map(async (a) => {
        const sub = await getSubscriptionOf(this.d.db, a.id);
        return {
          id: a.id,
          name: a.name,
          surname: a.surname,
          email: a.status === 'DELETED' ? null : a.email,
          phone: a.status === 'DELETED' ? null : a.phone_e164,
          status: statusOf(a),
          createdAt: iso(a.created_at)!,
          planCode: sub && sub.status !== 'EXPIRED' ? sub.code : null,
        };
      }),
    );
  }

  /** The subscriber's page; opening it is audited (`subscriber.view`), as it shows their contact details. */
  async detail(operator: ActingOperator, id: string): Promise<SubscriberDetail> {
    // A deleted account is shown (its status says so) until its deletion job removes it; it takes no actions.
    const account = await accounts.getById(this.d.db, id);
    if (!account) throw NoSubscriber();
    const at = this.d.clock();
    const [sub, family, usage, sec, grants] = await Promise.all([
      getSubscriptionOf(this.d.db, id),
      accounts.familyOf(this.d.db, id),
      usageByKind(this.d.db, id),
      security.securityOverview(this.d.db, account, Date.now()),
      accounts.listGrants(this.d.db, id),
    ]);
    // A view changes nothing on the account: no accountId, so the subscriber is not told "support made a change".
    await this.d.db.transaction().execute((trx) =>
      this.d.audit(trx, { operator, action: 'subscriber.view', targetKind: 'account', targetId: id, accountId: null, reason: null }),
    );
    const quota = Number(account.quota_bytes);
    const bonus = Number(account.bonus_bytes);
    return {
      id: account.id,
      name: account.name,
      surname: account.surname,
      email: account.email,
      emailVerified: account.email_verified_at !== null,
      pendingEmail: account.pending_email,
      phone: account.phone_e164,
      phoneVerified: account.phone_verified_at !== null,
      language: account.language,
      status: statusOf(account),
      suspendedAt: iso(account.suspended_at),
      createdAt: iso(account.created_at)!,
      package: sub
        ? {
            code: sub.code,
            status: sub.status,
            premium: sub.premium,
            family: sub.family,
            quotaBytes: sub.quotaBytes,
            periodStart: iso(sub.periodStart)!,
            renewsAt: sub.status === 'ACTIVE' || sub.status === 'GRACE' ? iso(sub.periodEnd) : null,
            periodEnd: iso(sub.periodEnd)!,
            graceUntil: iso(sub.graceUntil),
          }
        : null,
      family: family ? { familyId: family.family_id, role: family.role, limitBytes: family.limit_bytes === null ? null : Number(family.limit_bytes) } : null,
      quota: {
        quotaBytes: quota,
        planQuotaBytes: quota - bonus,
        bonusBytes: bonus,
        usedBytes: Number(account.used_bytes),
        reservedBytes: Number(account.reserved_bytes),
      },
      usage,
      sessions: sec.sessions.map((s) => ({ ...s, createdAt: iso(s.createdAt)!, lastSeenAt: iso(s.lastSeenAt)! })),
      twoFactor: sec.twoFactor,
      signIns: sec.signIns.map((s) => ({ ...s, at: iso(s.at)! })),
      lockout: sec.lockout ? { ...sec.lockout, lockedUntil: iso(sec.lockout.lockedUntil) } : null,
      grants: grants.map((g) => ({
        id: g.id,
        bytes: Number(g.bytes),
        grantedAt: iso(g.granted_at)!,
        expiresAt: iso(g.expires_at)!,
        endedAt: iso(g.ended_at),
        active: g.ended_at === null && Number(g.expires_at) > at,
      })),
    };
  }

  /** Suspends: sign-in refused, every session and remember-me token ended, public links answer 404; nothing deleted. */
  async suspend(operator: ActingOperator, id: string, reason: string): Promise<void> {
    await this.act(id, async (trx) => {
      if (!(await accounts.suspend(trx, id, this.d.clock()))) throw Conflict('ALREADY_SUSPENDED', 'The subscriber is already suspended.');
      const sessionsEnded = await this.d.auth.endSessions(id, { db: trx });
      await this.d.audit(trx, { ...this.entry(operator, 'subscriber.suspend', id, reason), before: { suspended: false }, after: { suspended: true, sessionsEnded } });
    });
  }

  async unsuspend(operator: ActingOperator, id: string, reason: string): Promise<void> {
    await this.act(id, async (trx) => {
      if (!(await accounts.unsuspend(trx, id, this.d.clock()))) throw Conflict('NOT_SUSPENDED', 'The subscriber is not suspended.');
      await this.d.audit(trx, { ...this.entry(operator, 'subscriber.unsuspend', id, reason), before: { suspended: true }, after: { suspended: false } });
    });
  }

  async endSessions(operator: ActingOperator, id: string, reason: string): Promise<{ ended: number }> {
    return this.act(id, async (trx) => {
      const ended = await this.d.auth.endSessions(id, { db: trx });
      await this.d.audit(trx, { ...this.entry(operator, 'subscriber.sessions.end', id, reason), after: { sessionsEnded: ended } });
      return { ended };
    });
  }

  /** After an identity check the operator describes (kept in the audit record, with the reason). */
  async removeTwoFactor(operator: ActingOperator, id: string, reason: string, identityCheck: string): Promise<void> {
    await this.act(id, async (trx) => {
      const was = await security.removeTwoFactor(trx, id, Date.now());
      await this.d.audit(trx, {
        ...this.entry(operator, 'subscriber.twofactor.remove', id, reason),
        before: { enabled: was.wasEnabled, totp: was.hadTotp },
        after: { enabled: false, totp: false, identityCheck },
      });
    });
  }

  async liftLockout(operator: ActingOperator, id: string, reason: string): Promise<void> {
    await this.act(id, async (trx) => {
      const was = await security.liftLockout(trx, id, Date.now());
      await this.d.audit(trx, { ...this.entry(operator, 'subscriber.lockout.lift', id, reason), before: was, after: { locked: false, failures: 0 } });
    });
    // The sign-in captcha's failure budget goes too (its own table, so after the commit; idempotent).
    await this.d.auth.clearLoginLockout(id);
  }

  async grantQuota(operator: ActingOperator, id: string, input: { bytes: number; expiresAt: string; reason: string }): Promise<{ id: string }> {
    const at = this.d.clock();
    const expiresAt = Date.parse(input.expiresAt);
    if (!Number.isFinite(expiresAt) || expiresAt <= at) throw ValidationError('The expiry must be in the future.', 'expiresAt');
    return this.act(id, async (trx, account) => {
      const grant = await accounts.grantQuota(trx, { accountId: id, bytes: input.bytes, expiresAt, at, operatorId: operator.operatorId });
      await this.d.audit(trx, {
        ...this.entry(operator, 'subscriber.quota.grant', id, input.reason),
        before: { quotaBytes: Number(account.quota_bytes) },
        after: { quotaBytes: Number(account.quota_bytes) + input.bytes, grantId: grant.id, bytes: input.bytes, expiresAt: new Date(expiresAt).toISOString() },
      });
      return grant;
    });
  }

  async resendVerification(operator: ActingOperator, id: string, channel: 'email' | 'phone', reason: string, origin: string): Promise<void> {
    await this.act(id, async (trx, account) => {
      const sent = await accounts.resendVerification(trx, this.d.messages, account, channel, this.d.publicUrl ?? origin);
      await this.d.audit(trx, { ...this.entry(operator, 'subscriber.verification.resend', id, reason), after: { channel, kind: sent.kind } });
    });
  }

  /** One transaction for an action on a live (not deleted) subscriber; an unknown or deleted one is 404. */
  private act<T>(id: string, work: (trx: Transaction<DB>, account: Account) => Promise<T>): Promise<T> {
    return this.d.db.transaction().execute(async (trx) => work(trx, await this.account(trx, id)));
  }

  private async account(db: Kysely<DB> | Transaction<DB>, id: string): Promise<Account> {
    const account = await accounts.getById(db, id);
    if (!account || account.status === 'DELETED') throw NoSubscriber();
    return account;
  }

  private entry(operator: ActingOperator, action: string, id: string, reason: string) {
    return { operator, action, targetKind: 'account' as const, targetId: id, accountId: id, reason };
  }
}
