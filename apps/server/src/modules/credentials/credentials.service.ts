import type { Kysely } from 'kysely';
import type { DB } from '../../infra/db/schema.js';
import type { Executor } from '../../infra/db/executor.js';
import type { MessageJobs } from '../../infra/jobs/message-jobs.js';
import { BadRequest, NotFound, TooManyRequests, ValidationError } from '../../shared/errors.js';
import type { AuthContext } from '../../shared/auth-context.js';
import { assertPasswordStrength, hashPassword, verifyPassword } from '../../shared/password.js';
import { toLanguage, type Language } from '../../shared/schemas.js';
import { hashToken, newId, newToken } from '../../shared/tokens.js';
import { days, minutes } from '../../shared/time.js';
import * as accounts from '../account/account.identity.public.js';
import * as accountCredentials from '../account/account.credentials.public.js';
import type { Account } from '../account/account.identity.public.js';
import type { AuthService } from '../auth/auth.public.js';
import type { CaptchaService } from '../captcha/captcha.public.js';
import * as repo from './credentials.repository.js';
import type { RecoveryEmailBody } from './credentials.schemas.js';
import { passwordChangedNotice, recoveryEmailVerification, securityQuestionChangedNotice } from './credentials.messages.js';
import { listSecurityQuestions, normaliseAnswer, securityQuestionText } from './security-questions.js';

type Captcha = { id?: string; answer?: string };

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
/** How long the link proving a recovery e-mail works. */
export const RECOVERY_EMAIL_LINK_HOURS = 24;
/** Verification e-mails per account per hour: enough for typos and resends, too few to mail-bomb an address. */
const RECOVERY_EMAILS_PER_HOUR = 5;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const who = (accountId: string) => `id:${accountId}`;

interface Deps {
  db: Kysely<DB>;
  auth: AuthService;
  captcha: CaptchaService;
  messages: MessageJobs;
}

/**
 * The account's credentials: the password (changed in settings or by a recovery), the recovery e-mail and the
 * security question. Also what recovery needs of them: checking an answer and setting a new password.
 */
export class CredentialsService {
  constructor(private readonly d: Deps) {}

  async passwordPolicy(auth: AuthContext, ip: string) {
    return {
      minLength: PASSWORD_MIN,
      maxLength: PASSWORD_MAX,
      captchaRequired: await this.d.captcha.isRequired('LOGIN', ip, who(auth.accountId)),
    };
  }

  /** Guessing the old password here is guessing the sign-in password: it spends the same captcha budget as sign-in. */
  async updatePassword(
    auth: AuthContext,
    input: { oldPassword: string; newPassword: string; repeatPassword: string },
    ip: string,
    captcha: Captcha,
  ): Promise<void> {
    if (input.newPassword !== input.repeatPassword) {
      throw BadRequest('PASSWORDS_DO_NOT_MATCH', 'The new passwords do not match.', 'repeatPassword');
    }
    assertStrength(input.newPassword, 'newPassword');
    const account = await this.account(auth.accountId);
    await this.d.captcha.gate('LOGIN', ip, who(account.id), captcha);
    if (!(await verifyPassword(account.password_hash, input.oldPassword))) {
      await this.d.captcha.recordFailure('LOGIN', ip, who(account.id));
      throw BadRequest('INVALID_OLD_PASSWORD', 'The current password is not correct.', 'oldPassword');
    }
    if (input.newPassword === input.oldPassword) {
      throw BadRequest('SAME_PASSWORD', 'The new password must differ from the current one.', 'newPassword');
    }
    await this.setPassword(account, input.newPassword, { keepSession: auth.sessionId });
  }

  /**
   * Sets a new password (rules as at sign-up), ends every session and remember-me token of the account but the kept
   * one, and tells the owner by e-mail and, when the phone is verified, by SMS. A recovery keeps no session and also
   * ends the sign-in lockout. `before` runs first in the same transaction (a recovery spends itself there).
   */
  async setPassword(
    account: Account,
    password: string,
    opts: { keepSession?: string; recovery?: boolean; before?: (trx: Executor) => Promise<void> } = {},
  ): Promise<void> {
    assertStrength(password, 'password');
    const passwordHash = await hashPassword(password);
    const lang = toLanguage(account.language);
    const notice = passwordChangedNotice(lang);
    await this.d.db.transaction().execute(async (trx) => {
      await opts.before?.(trx);
      await accountCredentials.setPasswordHash(trx, account.id, passwordHash);
      await this.d.auth.endSessions(account.id, { except: opts.keepSession, db: trx });
      await this.d.messages.email(trx, { to: account.email, subject: notice.subject, text: notice.text });
      if (account.phone_verified_at !== null) await this.d.messages.sms(trx, { to: account.phone_e164, text: notice.sms });
    });
    if (opts.recovery) await this.d.auth.clearLoginLockout(account.id);
  }

  // --- recovery e-mail

  async getRecoveryEmail(auth: AuthContext): Promise<RecoveryEmailBody> {
    return recoveryEmailOf(await this.account(auth.accountId));
  }

  async setRecoveryEmail(auth: AuthContext, input: string, origin: string): Promise<RecoveryEmailBody> {
    const email = input.trim().toLowerCase();
    if (email.length > 320 || !EMAIL.test(email)) throw ValidationError('email is not a valid e-mail address.', 'email');
    const account = await this.account(auth.accountId);
    if (email === account.email) {
      throw BadRequest('SAME_AS_ACCOUNT_EMAIL', 'The recovery e-mail must differ from the account e-mail.', 'email');
    }
    // The same address again: nothing changes, and an unverified one gets a fresh link.
    if (email === account.recovery_email && account.recovery_email_verified_at !== null) return recoveryEmailOf(account);
    await this.assertEmailBudget(account.id);
    await this.d.db.transaction().execute(async (trx) => {
      if (email !== account.recovery_email) await accountCredentials.setRecoveryEmail(trx, account.id, email);
      await this.sendVerification(trx, account, email, origin);
    });
    return { email, verified: false };
  }

  async resendRecoveryEmailVerification(auth: AuthContext, origin: string): Promise<RecoveryEmailBody> {
    const account = await this.account(auth.accountId);
    if (!account.recovery_email) throw BadRequest('NO_RECOVERY_EMAIL', 'There is no recovery e-mail to verify.', 'email');
    if (account.recovery_email_verified_at !== null) return recoveryEmailOf(account);
    await this.assertEmailBudget(account.id);
    const email = account.recovery_email;
    await this.d.db.transaction().execute((trx) => this.sendVerification(trx, account, email, origin));
    return recoveryEmailOf(account);
  }

  async removeRecoveryEmail(auth: AuthContext): Promise<RecoveryEmailBody> {
    await this.d.db.transaction().execute(async (trx) => {
      await accountCredentials.setRecoveryEmail(trx, auth.accountId, null);
      await repo.voidUnused(trx, auth.accountId, Date.now());
    });
    return { email: null, verified: false };
  }

  /** Public: the link from the verification e-mail. Works once, within its time, for the address it was sent to. */
  async verifyRecoveryEmail(token: string): Promise<{ email: string }> {
    const row = await repo.getTokenByHash(this.d.db, hashToken(token));
    if (!row) throw NotFound('Verification link not found.');
    if (row.used_at !== null) throw BadRequest('LINK_ALREADY_USED', 'This link was already used.');
    if (row.expires_at <= Date.now()) throw BadRequest('LINK_EXPIRED', 'This link has expired.');
    const done = await this.d.db.transaction().execute(async (trx) => {
      const at = Date.now();
      if (!(await repo.useToken(trx, row.id, at))) return 'used';
      return (await accountCredentials.verifyRecoveryEmail(trx, row.account_id, row.email, at)) ? 'ok' : 'stale';
    });
    if (done === 'used') throw BadRequest('LINK_ALREADY_USED', 'This link was already used.');
    // The account's recovery e-mail changed after this link was sent.
    if (done === 'stale') throw BadRequest('LINK_EXPIRED', 'This link has expired.');
    return { email: row.email };
  }

  private async sendVerification(trx: Executor, account: Account, email: string, origin: string): Promise<void> {
    const at = Date.now();
    const token = newToken();
    await repo.voidUnused(trx, account.id, at);
    await repo.createToken(trx, {
      id: newId(),
      account_id: account.id,
      email,
      token_hash: hashToken(token),
      created_at: at,
      expires_at: at + RECOVERY_EMAIL_LINK_HOURS * minutes(60),
      used_at: null,
    });
    const link = `${origin}/verify/recovery-email?token=${encodeURIComponent(token)}`;
    const mail = recoveryEmailVerification(toLanguage(account.language), link, RECOVERY_EMAIL_LINK_HOURS);
    await this.d.messages.email(trx, { to: email, ...mail });
  }

  private async assertEmailBudget(accountId: string): Promise<void> {
    if ((await repo.countSince(this.d.db, accountId, Date.now() - minutes(60))) >= RECOVERY_EMAILS_PER_HOUR) {
      throw TooManyRequests();
    }
  }

  // --- security question

  async getSecurityQuestion(auth: AuthContext): Promise<{ securityQuestionId: number | null }> {
    const account = await this.account(auth.accountId);
    return { securityQuestionId: account.security_answer_hash ? account.security_question_id : null };
  }

  async updateSecurityQuestion(
    auth: AuthContext,
    input: { securityQuestionId: number; answer: string },
    ip: string,
    captcha: Captcha,
  ): Promise<{ securityQuestionId: number }> {
    if (securityQuestionText(input.securityQuestionId, 'en') === null) {
      throw ValidationError('securityQuestionId is not a known question.', 'securityQuestionId');
    }
    const answer = normaliseAnswer(input.answer);
    if ([...answer].length < 2) throw ValidationError('answer must have at least 2 letters or digits.', 'answer');
    const account = await this.account(auth.accountId);
    await this.d.captcha.gate('LOGIN', ip, who(account.id), captcha);
    const answerHash = await hashPassword(answer);
    const notice = securityQuestionChangedNotice(toLanguage(account.language));
    await this.d.db.transaction().execute(async (trx) => {
      await accountCredentials.setSecurityQuestion(trx, account.id, input.securityQuestionId, answerHash);
      // Recovery may use the question, so a stolen session setting it must not go unnoticed.
      await this.d.messages.email(trx, { to: account.email, subject: notice.subject, text: notice.text });
    });
    return { securityQuestionId: input.securityQuestionId };
  }

  /** Checks an answer; an account without a question (or none at all) costs the same hashing and answers false. */
  async checkSecurityAnswer(account: Account | null, answer: string): Promise<boolean> {
    return verifyPassword(account?.security_answer_hash ?? null, normaliseAnswer(answer));
  }

  question(id: number, language: Language): { id: number; text: string } {
    const text = securityQuestionText(id, language);
    if (text === null) throw NotFound('Security question not found.');
    return { id, text };
  }

  questions(language: Language) {
    return listSecurityQuestions(language);
  }

  /** Housekeeping: verification links a week old are long dead. */
  purgeStale(at = Date.now()): Promise<number> {
    return repo.purgeOlderThan(this.d.db, at - days(7));
  }

  private async account(id: string): Promise<Account> {
    const account = await accounts.getById(this.d.db, id);
    if (!account) throw NotFound('Account not found.');
    return account;
  }
}

function assertStrength(password: string, field: string): void {
  try {
    assertPasswordStrength(password);
  } catch (err) {
    throw BadRequest('PASSWORD_TOO_WEAK', (err as Error).message, field);
  }
}

export const recoveryEmailOf = (account: Account): RecoveryEmailBody => ({
  email: account.recovery_email,
  verified: account.recovery_email !== null && account.recovery_email_verified_at !== null,
});
