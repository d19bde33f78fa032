import type { Kysely } from 'kysely';
import type { DB } from '../../infra/db/schema.js';
import type { MessageJobs } from '../../infra/jobs/message-jobs.js';
import { BadRequest, Conflict, NotFound, TooManyRequests, ValidationError, type AppError } from '../../shared/errors.js';
import { toLanguage } from '../../shared/schemas.js';
import { hashToken, newId, newToken, randomDigits, safeEqual } from '../../shared/tokens.js';
import { days, minutes } from '../../shared/time.js';
import * as accounts from '../account/account.identity.public.js';
import type { Account } from '../account/account.identity.public.js';
import type { AuthService } from '../auth/auth.public.js';
import type { CaptchaService } from '../captcha/captcha.public.js';
import type { CredentialsService } from '../credentials/credentials.public.js';
import { Decoys, type RecoveryProfile } from './decoy.js';
import { maskEmail, maskPhone } from '../../shared/mask.js';
import * as repo from './recovery.repository.js';
import { resetCodeSms, resetLinkEmail } from './recovery.messages.js';
import type {
  AvailableMethodBody,
  ForgotPasswordStartBody,
  RecoveryFlow,
  RecoveryMethod,
  RecoveryStatusBody,
  SelectedMethodBody,
} from './recovery.schemas.js';
import type { PasswordRecovery } from './recovery.table.js';

export const OTP_LENGTH = 6;
export const OTP_MINUTES = 3;
export const MAX_ATTEMPTS = 5;
export const MAX_RESENDS = 3;
/** Methods chosen in one recovery (switching e-mail for SMS, then a second factor): each one sends something. */
export const MAX_SELECTIONS = 4;
/** The whole recovery, and each e-mailed link, lives this long. */
export const RECOVERY_MINUTES = 30;
/** Once verified, the new password must be chosen within this. */
export const VERIFIED_MINUTES = 10;

const InvalidOtp = () => BadRequest('INVALID_OTP', 'Invalid OTP!');
const OtpExpired = () => BadRequest('OTP_EXPIRED', 'OTP Expired!');
const InvalidAnswer = () => BadRequest('INVALID_ANSWER', 'The answer is not correct.', 'answer');
const InvalidLink = () => BadRequest('INVALID_LINK', 'This link is not valid.');
const RecoveryNotFound = () => NotFound('Recovery not found. Start again.');
const MethodNotAvailable = () => BadRequest('METHOD_NOT_AVAILABLE', 'This method cannot be used now.', 'method');

/** Which kind of proof a method is: two factors of a v3 recovery must be of different kinds. */
const KIND: Record<RecoveryMethod, 'phone' | 'email' | 'knowledge'> = {
  SMS: 'phone',
  EMAIL: 'email',
  RECOVERY_EMAIL: 'email',
  SECURITY_QUESTION: 'knowledge',
};

const otpHash = (id: string, otp: string) => hashToken(`${id}:${otp}`);

interface Deps {
  db: Kysely<DB>;
  auth: AuthService;
  captcha: CaptchaService;
  credentials: CredentialsService;
  messages: MessageJobs;
  securityQuestionIds: readonly number[];
  /** Whether the account signs in with two factors; its recovery then needs two as well. */
  twoFactorEnabled: (accountId: string) => Promise<boolean>;
}

/**
 * Forgot-my-password. A recovery starts from a username and lists masked methods; the person picks one, proves it
 * (SMS code, e-mailed link, security question), and once every factor required is proven sets a new password, which
 * ends every session. Unknown usernames get a decoy recovery that looks and answers the same and never verifies.
 */
export class RecoveryService {
  private readonly decoys: Decoys;

  constructor(private readonly d: Deps) {
    this.decoys = new Decoys(d.db, d.securityQuestionIds);
  }

  async start(input: {
    flow: RecoveryFlow;
    username: string;
    ip: string;
    captcha: { id?: string; answer?: string };
    referenceToken?: string;
  }): Promise<ForgotPasswordStartBody> {
    if (input.flow === 'v3' && input.referenceToken) return this.resume(input.referenceToken);
    const typed = input.username.trim().toLowerCase();
    if (!typed) throw ValidationError('username is required.', 'username');
    const account = await this.d.auth.findByUsername(typed);
    const subject = account ? `id:${account.id}` : `user:${typed}`;
    await this.d.captcha.gate('FORGOT_PASSWORD', input.ip, subject, input.captcha);
    // Every start spends the budget, like a wrong code: starting recoveries in a loop (to send SMS to someone, or to
    // probe usernames) soon needs a captcha per try.
    await this.d.captcha.recordFailure('FORGOT_PASSWORD', input.ip, subject);
    // Both paths ask whether two-factor is on (a decoy for a random id), so they read the same.
    const twoFactor = await this.d.twoFactorEnabled(account?.id ?? newId());
    const profile = account ? this.profileOf(account, twoFactor) : await this.decoys.profile(typed);
    const factorsRequired = profile.twoFactor && canTakeTwoFactors(profile.methods) ? 2 : 1;
    const flow: RecoveryFlow = factorsRequired === 2 ? 'v3' : input.flow;
    const methods = flow === 'v1' ? primaryOf(profile.methods) : profile.methods;
    const referenceToken = newToken();
    const at = Date.now();
    const row: PasswordRecovery = {
      id: newId(),
      reference_hash: hashToken(referenceToken),
      account_id: account?.id ?? null,
      subject,
      flow,
      methods: JSON.stringify(methods),
      security_question_id: methods.some((m) => m.method === 'SECURITY_QUESTION') ? profile.securityQuestionId : null,
      factors_required: factorsRequired,
      verified_methods: '',
      selected_method: null,
      otp_hash: null,
      otp_expires_at: null,
      link_hash: null,
      link_expires_at: null,
      link_used_at: null,
      attempts: 0,
      resends: 0,
      selections: 0,
      status: 'PENDING',
      ip: input.ip,
      created_at: at,
      expires_at: at + minutes(RECOVERY_MINUTES),
    };
    await repo.create(this.d.db, row);
    return startOf(referenceToken, row);
  }

  /** v3 with the reference of a recovery under way: the same recovery, with the methods left for its next factor. */
  private async resume(referenceToken: string): Promise<ForgotPasswordStartBody> {
    return startOf(referenceToken, await this.live(referenceToken));
  }

  /** Chooses a method and sends its code or link; the same method again is a resend. Decoys send nothing. */
  async send(
    referenceToken: string,
    method: RecoveryMethod,
    opts: { resend: boolean; ip: string; origin: string },
  ): Promise<SelectedMethodBody> {
    const row = await this.live(referenceToken);
    assertPending(row);
    const offered = remainingMethods(row).find((m) => m.method === method);
    if (!offered || method === 'SECURITY_QUESTION') throw MethodNotAvailable();
    const account = row.account_id ? await accounts.getById(this.d.db, row.account_id) : undefined;
    // The account may have lost the method since the start (a recovery e-mail removed, say).
    const to = account ? destinationOf(account, method) : null;
    if (account && !to) throw MethodNotAvailable();
    const resend = row.selected_method === method;
    if (resend ? row.resends >= MAX_RESENDS : row.selections >= MAX_SELECTIONS) throw TooManyRequests();
    const at = Date.now();
    const bySms = method === 'SMS';
    const otp = randomDigits(OTP_LENGTH);
    const linkId = newToken();
    const lang = toLanguage(account?.language ?? 'en');
    await this.d.db.transaction().execute(async (trx) => {
      const updated = await repo.updateIfUnchanged(trx, row, {
        selected_method: method,
        otp_hash: bySms ? otpHash(row.id, otp) : null,
        otp_expires_at: bySms ? at + minutes(OTP_MINUTES) : null,
        link_hash: bySms ? null : hashToken(linkId),
        link_expires_at: bySms ? null : at + minutes(RECOVERY_MINUTES),
        link_used_at: null,
        resends: resend ? row.resends + 1 : 0,
        selections: resend ? row.selections : row.selections + 1,
      });
      // A concurrent request (a double click) changed the recovery first.
      if (!updated) throw Conflict('RECOVERY_CHANGED', 'The recovery changed meanwhile. Try again.');
      if (!to) return;
      if (bySms) {
        await this.d.messages.sms(trx, { to, text: resetCodeSms(lang, otp, OTP_MINUTES) });
      } else {
        const link = `${opts.origin}/changemypassword${row.flow}/${encodeURIComponent(referenceToken)}/${linkId}`;
        await this.d.messages.email(trx, { to, ...resetLinkEmail(lang, link, RECOVERY_MINUTES) });
      }
    });
    return {
      referenceToken,
      selectedMethod: method,
      selectedValue: offered.content,
      expectedInputLength: bySms ? OTP_LENGTH : 0,
      remainingTimeInMinutes: bySms ? OTP_MINUTES : RECOVERY_MINUTES,
    };
  }

  async validateOtp(referenceToken: string, otp: string, ip: string): Promise<RecoveryStatusBody> {
    const row = await this.live(referenceToken);
    assertPending(row);
    if (row.selected_method !== 'SMS' || !row.otp_hash || row.otp_expires_at === null) {
      throw BadRequest('METHOD_NOT_SELECTED', 'Ask for a code first.');
    }
    if (row.otp_expires_at <= Date.now()) throw OtpExpired();
    if (!safeEqual(row.otp_hash, otpHash(row.id, otp.trim()))) return this.fail(row, ip, InvalidOtp());
    return this.proven(referenceToken, row, 'SMS');
  }

  async validateSecurityAnswer(referenceToken: string, answer: string, ip: string): Promise<RecoveryStatusBody> {
    const row = await this.live(referenceToken);
    assertPending(row);
    if (!remainingMethods(row).some((m) => m.method === 'SECURITY_QUESTION')) throw MethodNotAvailable();
    const account = row.account_id ? ((await accounts.getById(this.d.db, row.account_id)) ?? null) : null;
    // Decoys hash too (against no answer), so a wrong answer takes as long either way. A question changed since the
    // start is not the one that was asked.
    const right = await this.d.credentials.checkSecurityAnswer(account, answer);
    if (!right || account?.security_question_id !== row.security_question_id) return this.fail(row, ip, InvalidAnswer());
    return this.proven(referenceToken, row, 'SECURITY_QUESTION');
  }

  /** The e-mailed link, opened on any device: proves the e-mail method it was sent for. */
  async verifyLink(referenceToken: string, linkId: string, ip: string): Promise<RecoveryStatusBody> {
    const row = await this.byReference(referenceToken);
    const matches = row.link_hash !== null && safeEqual(row.link_hash, hashToken(linkId));
    if (matches && row.link_used_at !== null) throw BadRequest('LINK_ALREADY_USED', 'This link was already used.');
    if (row.status === 'LOCKED') throw TooManyRequests();
    assertNotExpired(row);
    if (!matches || !row.selected_method) return this.fail(row, ip, InvalidLink());
    if ((row.link_expires_at ?? 0) <= Date.now()) throw BadRequest('LINK_EXPIRED', 'This link has expired.');
    return this.proven(referenceToken, row, row.selected_method as RecoveryMethod, { link_used_at: Date.now() });
  }

  /** Polled by the e-mail waiting screen. */
  async status(referenceToken: string): Promise<RecoveryStatusBody> {
    const row = await this.byReference(referenceToken);
    if (row.status === 'LOCKED' || row.expires_at <= Date.now()) {
      return { ...statusOf(referenceToken, row), status: 'EXPIRED', remainingMethods: [] };
    }
    return statusOf(referenceToken, row);
  }

  /** Sets the new password once every factor is proven; the recovery is spent and every session of the account ends. */
  async change(referenceToken: string, password: string): Promise<void> {
    const row = await this.live(referenceToken);
    if (row.status !== 'VERIFIED' || !row.account_id) {
      throw BadRequest('RECOVERY_NOT_VERIFIED', 'Prove the recovery method first.');
    }
    const account = await accounts.getById(this.d.db, row.account_id);
    if (!account) throw RecoveryNotFound();
    await this.d.credentials.setPassword(account, password, {
      recovery: true,
      // Spent in the same transaction as the change: two concurrent changes cannot both succeed.
      before: async (trx) => {
        if (!(await repo.updateIfUnchanged(trx, row, { status: 'DONE' }))) throw RecoveryNotFound();
      },
    });
  }

  /** Housekeeping: a recovery is over within the hour; a day later its row goes. */
  purgeStale(at = Date.now()): Promise<number> {
    return repo.purgeOlderThan(this.d.db, at - days(1));
  }

  private profileOf(account: Account, twoFactor: boolean): RecoveryProfile {
    const methods: AvailableMethodBody[] = [];
    if (account.phone_verified_at !== null) {
      methods.push({ method: 'SMS', content: maskPhone(account.country_code, account.phone_number) });
    }
    methods.push({ method: 'EMAIL', content: maskEmail(account.email) });
    if (account.recovery_email && account.recovery_email_verified_at !== null) {
      methods.push({ method: 'RECOVERY_EMAIL', content: maskEmail(account.recovery_email) });
    }
    const question = account.security_answer_hash ? account.security_question_id : null;
    if (question !== null) methods.push({ method: 'SECURITY_QUESTION', content: String(question) });
    return { methods, securityQuestionId: question, twoFactor };
  }

  private async byReference(referenceToken: string): Promise<PasswordRecovery> {
    const row = await repo.getByReferenceHash(this.d.db, hashToken(referenceToken));
    if (!row || row.status === 'DONE') throw RecoveryNotFound();
    return row;
  }

  /** A recovery that may still act: known, not spent, not locked, not expired. */
  private async live(referenceToken: string): Promise<PasswordRecovery> {
    const row = await this.byReference(referenceToken);
    if (row.status === 'LOCKED') throw TooManyRequests();
    assertNotExpired(row);
    return row;
  }

  /** A wrong code, answer or link: counts toward the recovery's tries and the captcha budget. */
  private async fail(row: PasswordRecovery, ip: string, error: AppError): Promise<never> {
    const lock = row.attempts + 1 >= MAX_ATTEMPTS;
    await repo.recordAttempt(this.d.db, row.id, lock);
    await this.d.captcha.recordFailure('FORGOT_PASSWORD', ip, row.subject);
    throw lock ? TooManyRequests() : error;
  }

  private async proven(
    referenceToken: string,
    row: PasswordRecovery,
    method: RecoveryMethod,
    extra: { link_used_at?: number } = {},
  ): Promise<RecoveryStatusBody> {
    const verified = [...verifiedOf(row), method];
    const done = verified.length >= row.factors_required;
    const at = Date.now();
    const updated = await repo.updateIfUnchanged(this.d.db, row, {
      verified_methods: verified.join(','),
      status: done ? 'VERIFIED' : 'PENDING',
      selected_method: null,
      otp_hash: null,
      otp_expires_at: null,
      ...(extra.link_used_at ? {} : { link_hash: null, link_expires_at: null }),
      ...extra,
      ...(done ? { expires_at: at + minutes(VERIFIED_MINUTES) } : {}),
    });
    // Another request proved (or spent) this step a moment ago.
    if (!updated) throw RecoveryNotFound();
    return statusOf(referenceToken, updated);
  }
}

/** Two factors need a possession factor first and a different kind of proof after it. */
function canTakeTwoFactors(methods: AvailableMethodBody[]): boolean {
  const kinds = new Set(methods.map((m) => KIND[m.method]));
  return kinds.size >= 2 && (kinds.has('phone') || kinds.has('email'));
}

/** v1 offers one method: SMS to a verified phone, else the account e-mail. */
function primaryOf(methods: AvailableMethodBody[]): AvailableMethodBody[] {
  const primary = methods.find((m) => m.method === 'SMS') ?? methods.find((m) => m.method === 'EMAIL');
  return primary ? [primary] : [];
}

const methodsOf = (row: PasswordRecovery): AvailableMethodBody[] => JSON.parse(row.methods) as AvailableMethodBody[];
const verifiedOf = (row: PasswordRecovery): RecoveryMethod[] =>
  row.verified_methods ? (row.verified_methods.split(',') as RecoveryMethod[]) : [];

/** The methods that can prove the next factor: none once verified; never a kind already proven. */
function remainingMethods(row: PasswordRecovery): AvailableMethodBody[] {
  const verified = verifiedOf(row);
  if (verified.length >= row.factors_required) return [];
  const provenKinds = new Set(verified.map((m) => KIND[m]));
  return methodsOf(row).filter((m) => {
    if (provenKinds.has(KIND[m.method])) return false;
    // The first of two factors is something the person has; the question can only be the second.
    return !(row.factors_required === 2 && verified.length === 0 && m.method === 'SECURITY_QUESTION');
  });
}

function startOf(referenceToken: string, row: PasswordRecovery): ForgotPasswordStartBody {
  const remaining = remainingMethods(row);
  return {
    referenceToken,
    flow: row.flow,
    availableMethods: remaining,
    factorsRequired: row.factors_required,
    factorsVerified: Math.min(verifiedOf(row).length, 1),
    securityQuestionId: remaining.some((m) => m.method === 'SECURITY_QUESTION') ? row.security_question_id : null,
  };
}

function statusOf(referenceToken: string, row: PasswordRecovery): RecoveryStatusBody {
  const verified = verifiedOf(row).length;
  return {
    referenceToken,
    status: verified >= row.factors_required ? 'VERIFIED' : verified > 0 ? 'SECOND_FACTOR_REQUIRED' : 'PENDING',
    factorsVerified: verified,
    factorsRequired: row.factors_required,
    remainingMethods: remainingMethods(row),
  };
}

function destinationOf(account: Account, method: RecoveryMethod): string | null {
  if (method === 'SMS') return account.phone_verified_at !== null ? account.phone_e164 : null;
  if (method === 'EMAIL') return account.email;
  if (method === 'RECOVERY_EMAIL') return account.recovery_email_verified_at !== null ? account.recovery_email : null;
  return null;
}

function assertNotExpired(row: PasswordRecovery): void {
  if (row.expires_at <= Date.now()) throw BadRequest('RECOVERY_EXPIRED', 'This recovery has expired. Start again.');
}

function assertPending(row: PasswordRecovery): void {
  if (row.status === 'VERIFIED') throw BadRequest('ALREADY_VERIFIED', 'This recovery is verified: choose the new password.');
}
