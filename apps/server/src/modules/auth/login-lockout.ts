import type { Kysely } from 'kysely';
import type { DB } from '../../infra/db/schema.js';
import type { Config } from '../../config.js';
import type { MessageJobs } from '../../infra/jobs/message-jobs.js';
import { AppError } from '../../shared/errors.js';
import { days, minutes } from '../../shared/time.js';
import { LANGUAGES, type Language } from '../../shared/schemas.js';
import type { Account } from '../account/account.identity.public.js';
import * as lockouts from './login-lockout.repository.js';
import { metrics } from '../../infra/metrics/metrics.js';
import { lockoutSms, lockoutSubject, lockoutText } from './auth.messages.js';

/** Sign-in refused for a while after too many failures in a row; `retryAfterSeconds` goes out as Retry-After. */
export class AccountLocked extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super(429, 'ACCOUNT_LOCKED', 'Too many failed sign-ins. Try again later.');
  }
}

/** Each lockout in a row lasts longer: 1 min, 5 min, 15 min, 1 h, 4 h, then a day each time. */
export const LOCKOUT_STEPS = [minutes(1), minutes(5), minutes(15), minutes(60), minutes(240), days(1)];
// A streak with no failure for a day is forgotten: the next lockout starts again at the first step.
export const FORGET_STREAK_AFTER = days(1);

/** The key failures of an account count under, whatever spelling of its username was typed. */
export const lockoutKey = (accountId: string) => `id:${accountId}`;

/**
 * The sign-in lockout of an account: wrong passwords and wrong second-step codes count toward one streak, so a
 * second factor cannot be guessed faster than a password.
 */
export class LoginLockout {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly config: Pick<Config, 'loginLockoutThreshold'>,
    private readonly messages: MessageJobs,
  ) {}

  /** Throws AccountLocked while a lockout runs; answers whether a streak row exists (so success can clear it). */
  async assertOpen(who: string): Promise<boolean> {
    const lockout = await lockouts.get(this.db, who);
    const at = Date.now();
    if (lockout && lockout.locked_until > at) throw new AccountLocked(Math.ceil((lockout.locked_until - at) / 1000));
    return lockout !== undefined;
  }

  async clear(who: string): Promise<void> {
    await lockouts.clear(this.db, who);
  }

  /** Counts a failure in a row; the K-th locks the account for the next step and tells its owner, once. */
  async recordFailure(who: string, account: Account | undefined): Promise<void> {
    const threshold = this.config.loginLockoutThreshold;
    metrics.signInFailed();
    await this.db.transaction().execute(async (trx) => {
      const at = Date.now();
      const { failures, level } = await lockouts.addFailure(trx, who, at, FORGET_STREAK_AFTER);
      if (failures < threshold) return;
      const step = LOCKOUT_STEPS[Math.min(level, LOCKOUT_STEPS.length - 1)] as number;
      const locked = await lockouts.lock(trx, who, threshold, level + 1, at + step);
      if (locked) metrics.lockedOut();
      if (!locked || !account) return;
      const lang: Language = (LANGUAGES as readonly string[]).includes(account.language) ? (account.language as Language) : 'en';
      const lockedMinutes = Math.round(step / minutes(1));
      await this.messages.email(trx, { to: account.email, subject: lockoutSubject(lang), text: lockoutText(lang, lockedMinutes) });
      // A phone only the owner has proven to hold: an unverified number may be someone else's.
      if (account.phone_verified_at !== null) await this.messages.sms(trx, { to: account.phone_e164, text: lockoutSms(lang, lockedMinutes) });
    });
  }

  purgeOld(at: number): Promise<number> {
    return lockouts.purgeOlderThan(this.db, at - FORGET_STREAK_AFTER);
  }
}
