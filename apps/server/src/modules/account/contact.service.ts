import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../infra/db/schema.js';
import type { Executor } from '../../infra/db/executor.js';
import type { MessageJobs } from '../../infra/jobs/message-jobs.js';
import type { AuthContext } from '../../shared/auth-context.js';
import { normaliseEmail, normalisePhoneParts } from '../../shared/contact.js';
import { AppError, BadRequest, Conflict, NotFound, TooManyRequests, ValidationError } from '../../shared/errors.js';
import { LANGUAGES, type Language } from '../../shared/schemas.js';
import { hours, minutes } from '../../shared/time.js';
import { hashToken, newId, newToken, randomDigits, safeEqual } from '../../shared/tokens.js';
import * as repo from './account.repository.js';
import type { Account, ContactKind, ContactVerification } from './account.table.js';
import { confirmEmailMessage, emailChangedMessage, phoneChangedMessage, phoneCodeText, verifyEmailMessage } from './contact.messages.js';

export interface Ticket {
  referenceToken: string;
  expectedInputLength: number;
  remainingTimeInMinutes: number;
}

export const OTP_LENGTH = 6;
export const OTP_MINUTES = 3;
export const MAX_ATTEMPTS = 5;
export const LINK_HOURS = 24;
/** Links or codes of one kind an account may ask for in an hour: each one is a message sent to someone. */
export const MAX_PER_HOUR = 5;

const InvalidLink = () => BadRequest('INVALID_LINK', 'This link is not valid or was already used.', 'token');
const LinkExpired = () => BadRequest('LINK_EXPIRED', 'This link has expired. Ask for a new one.', 'token');
const OtpExpired = () => BadRequest('OTP_EXPIRED', 'OTP Expired!', 'otp');
const InvalidOtp = () => BadRequest('INVALID_OTP', 'Invalid OTP!', 'otp');
const EmailTaken = () => Conflict('EMAIL_ALREADY_EXISTS', 'An account with this e-mail address already exists.', 'email');
const PhoneTaken = () => Conflict('PHONE_ALREADY_EXISTS', 'An account with this phone number already exists.', 'phoneNumber');
const otpHash = (id: string, otp: string) => hashToken(`${id}:${otp}`);
const language = (a: Pick<Account, 'language'>): Language => ((LANGUAGES as readonly string[]).includes(a.language) ? (a.language as Language) : 'en');

interface Deps {
  db: Kysely<DB>;
  messages: MessageJobs;
  /** Base of the links in e-mails: the configured public URL, else the origin the request came to. */
  publicUrl: string | null;
  /** Runs in the transaction that proves an address or number is the account's (pending share invitations claim it). */
  onContactProved?: ContactProvedListener;
}

export type ContactProvedListener = (
  trx: Transaction<DB>,
  accountId: string,
  contact: { email: string | null; phoneE164: string | null },
) => Promise<unknown>;

/**
 * Changing the e-mail address (a link to the new address; the old one stays until the link is opened) and the phone
 * number (a code to the new number), and proving the current phone number with a code.
 */
export class ContactService {
  constructor(private readonly d: Deps) {}

  async changeEmail(auth: AuthContext, input: string, origin: string): Promise<void> {
    const email = normaliseEmail(input);
    const account = await this.account(auth);
    if (email === account.email) throw ValidationError('This is already your e-mail address.', 'email');
    if (await repo.getByEmail(this.d.db, email)) throw EmailTaken();
    await this.sendEmailLink(account, email, origin);
  }

  /**
   * Sends the verification link again: to the new address while a change waits, else to the account's own address
   * while it is unverified. Answers where it went (and the waiting address, if any).
   */
  async resendEmailVerification(auth: AuthContext, origin: string): Promise<{ email: string; pendingEmail?: string }> {
    const account = await this.account(auth);
    if (account.pending_email) {
      await this.sendEmailLink(account, account.pending_email, origin);
      return { email: account.pending_email, pendingEmail: account.pending_email };
    }
    if (account.email_verified_at !== null) throw BadRequest('ALREADY_VERIFIED', 'Your e-mail address is already verified.');
    await this.throttle(account.id, 'EMAIL_VERIFY');
    await this.d.db.transaction().execute((trx) => mailEmailVerification(trx, this.d.messages, account, this.d.publicUrl ?? origin));
    return { email: account.email };
  }

  /** Public: the token is the proof. The account takes the address only now, if nobody took it meanwhile. */
  async verifyEmail(token: string): Promise<string> {
    const row = await repo.getVerification(this.d.db, hashToken(token));
    if (!row || (row.kind !== 'EMAIL' && row.kind !== 'EMAIL_VERIFY') || row.used_at !== null) throw InvalidLink();
    if (row.expires_at <= Date.now()) throw LinkExpired();
    const account = await repo.getById(this.d.db, row.account_id);
    if (!account || account.status === 'DELETED') throw InvalidLink();
    if (row.kind === 'EMAIL_VERIFY') return this.confirmOwnEmail(account, row);
    if (await repo.getByEmail(this.d.db, row.target)) throw EmailTaken();
    const at = Date.now();
    await this.d.db
      .transaction()
      .execute(async (trx) => {
        if (!(await repo.useVerification(trx, row.id, at))) throw InvalidLink();
        await repo.update(trx, account.id, { email: row.target, email_verified_at: at, pending_email: null, updated_at: at });
        await this.proved(trx, account.id, { email: row.target });
        // The old address hears of it, so a hijacked session cannot move the account away silently.
        await this.d.messages.email(trx, { to: account.email, ...emailChangedMessage(language(account), row.target) });
      })
      .catch(async (err: unknown) => {
        // Someone signed up or verified the same address between the check and the update: the unique index said no.
        if (!(err instanceof AppError) && (await repo.getByEmail(this.d.db, row.target))) throw EmailTaken();
        throw err;
      });
    return row.target;
  }

  /** The link proved the account's current address; a link to an address the account no longer has is void. */
  private async confirmOwnEmail(account: Account, row: ContactVerification): Promise<string> {
    if (account.email !== row.target) throw InvalidLink();
    const at = Date.now();
    await this.d.db.transaction().execute(async (trx) => {
      if (!(await repo.useVerification(trx, row.id, at))) throw InvalidLink();
      await repo.update(trx, account.id, { email_verified_at: account.email_verified_at ?? at, updated_at: at });
      await this.proved(trx, account.id, { email: row.target });
    });
    return row.target;
  }

  async changePhone(auth: AuthContext, input: { countryCode: string; phoneNumber: string }): Promise<Ticket> {
    const phone = normalisePhoneParts(input);
    const account = await this.account(auth);
    if (phone.phoneE164 === account.phone_e164) throw ValidationError('This is already your phone number.', 'phoneNumber');
    if (await repo.getByPhoneE164(this.d.db, phone.phoneE164)) throw PhoneTaken();
    return this.sendCode(account, 'PHONE_CHANGE', phone);
  }

  async verifyPhoneChange(auth: AuthContext, reference: string, otp: string): Promise<{ countryCode: string; phoneNumber: string }> {
    const row = await this.checkCode(auth, 'PHONE_CHANGE', reference, otp);
    if (await repo.getByPhoneE164(this.d.db, row.target)) throw PhoneTaken();
    const account = await this.account(auth);
    const at = Date.now();
    await this.d.db
      .transaction()
      .execute(async (trx) => {
        if (!(await repo.useVerification(trx, row.id, at))) throw NotFound('Verification not found.');
        await repo.update(trx, auth.accountId, {
          phone_e164: row.target,
          country_code: row.country_code!,
          phone_number: row.phone_number!,
          phone_verified_at: at,
          updated_at: at,
        });
        await this.proved(trx, auth.accountId, { phoneE164: row.target });
        await this.d.messages.email(trx, { to: account.email, ...phoneChangedMessage(language(account), row.target) });
      })
      .catch(async (err: unknown) => {
        if (!(err instanceof AppError) && (await repo.getByPhoneE164(this.d.db, row.target))) throw PhoneTaken();
        throw err;
      });
    return { countryCode: row.country_code!, phoneNumber: row.phone_number! };
  }

  /** A code to the current number, to prove it is the subscriber's (accounts signed up by e-mail code). */
  async sendPhoneVerification(auth: AuthContext): Promise<Ticket> {
    const account = await this.account(auth);
    return this.sendCode(account, 'PHONE_VERIFY', {
      countryCode: account.country_code,
      phoneNumber: account.phone_number,
      phoneE164: account.phone_e164,
    });
  }

  /**
   * Checks a code proving the current number. Without a reference the newest pending code counts: the one Bulut support
   * sent (issue 27) reaches the subscriber without the ticket.
   */
  async verifyPhone(auth: AuthContext, reference: string | undefined, otp: string): Promise<{ phoneVerified: true }> {
    const row = await this.checkCode(auth, 'PHONE_VERIFY', reference, otp);
    const account = await this.account(auth);
    // The number changed since the code was sent: the code proved the old one.
    if (account.phone_e164 !== row.target) throw OtpExpired();
    const at = Date.now();
    await this.d.db.transaction().execute(async (trx) => {
      if (!(await repo.useVerification(trx, row.id, at))) throw NotFound('Verification not found.');
      await repo.update(trx, auth.accountId, { phone_verified_at: at, updated_at: at });
      await this.proved(trx, auth.accountId, { phoneE164: row.target });
    });
    return { phoneVerified: true };
  }

  private async proved(trx: Transaction<DB>, accountId: string, contact: { email?: string; phoneE164?: string }): Promise<void> {
    await this.d.onContactProved?.(trx, accountId, { email: contact.email ?? null, phoneE164: contact.phoneE164 ?? null });
  }

  private async account(auth: AuthContext): Promise<Account> {
    const account = await repo.getById(this.d.db, auth.accountId);
    if (!account) throw NotFound('Account not found.');
    return account;
  }

  private throttle(accountId: string, kind: ContactKind): Promise<void> {
    return throttle(this.d.db, accountId, kind);
  }

  private async sendEmailLink(account: Account, email: string, origin: string): Promise<void> {
    await this.throttle(account.id, 'EMAIL');
    await this.d.db.transaction().execute((trx) => mailEmailChangeLink(trx, this.d.messages, account, email, this.d.publicUrl ?? origin));
  }

  private async sendCode(
    account: Account,
    kind: 'PHONE_CHANGE' | 'PHONE_VERIFY',
    phone: { countryCode: string; phoneNumber: string; phoneE164: string },
  ): Promise<Ticket> {
    await this.throttle(account.id, kind);
    return this.d.db.transaction().execute((trx) => smsPhoneCode(trx, this.d.messages, account, kind, phone));
  }

  /**
   * The caller's pending code of that kind, checked: another account's reference is not found (404), a used or
   * superseded one too; a wrong code counts, and the fifth wrong one uses the code up.
   */
  private async checkCode(auth: AuthContext, kind: ContactKind, reference: string | undefined, otp: string): Promise<ContactVerification> {
    const row = reference === undefined ? await repo.latestPendingVerification(this.d.db, auth.accountId, kind) : await repo.getVerification(this.d.db, hashToken(reference));
    if (!row || row.kind !== kind || row.account_id !== auth.accountId || row.used_at !== null) {
      throw NotFound('Verification not found.');
    }
    if (row.expires_at <= Date.now()) throw OtpExpired();
    if (row.attempts >= MAX_ATTEMPTS) throw TooManyRequests();
    if (!safeEqual(row.otp_hash ?? '', otpHash(row.id, otp.trim()))) {
      await repo.recordVerificationAttempt(this.d.db, row.id);
      if (row.attempts + 1 >= MAX_ATTEMPTS) {
        await repo.useVerification(this.d.db, row.id, Date.now());
        throw TooManyRequests();
      }
      throw InvalidOtp();
    }
    return row;
  }
}

/**
 * Mails a link proving the account's current e-mail address (`/verify/email?token=`, 256-bit, stored hashed, single
 * use, {@link LINK_HOURS} hours), in the caller's transaction; an earlier such link is void. Sign-up and the profile use it.
 */
export async function mailEmailVerification(
  trx: Transaction<DB>,
  messages: MessageJobs,
  account: Pick<Account, 'id' | 'email' | 'language'>,
  baseUrl: string,
): Promise<void> {
  const link = await newEmailLink(trx, account.id, 'EMAIL_VERIFY', account.email, baseUrl, Date.now());
  await messages.email(trx, { to: account.email, ...confirmEmailMessage(language(account), link, LINK_HOURS) });
}

/** A single-use link to `target` of this kind (256-bit, stored hashed, {@link LINK_HOURS} hours); earlier ones are void. */
async function newEmailLink(trx: Executor, accountId: string, kind: 'EMAIL' | 'EMAIL_VERIFY', target: string, baseUrl: string, at: number): Promise<string> {
  const token = newToken();
  await repo.retirePendingVerifications(trx, accountId, kind, at);
  await repo.createVerification(trx, {
    id: newId(),
    account_id: accountId,
    kind,
    reference_hash: hashToken(token),
    target,
    expires_at: at + hours(LINK_HOURS),
    created_at: at,
  });
  return `${baseUrl}/verify/email?token=${encodeURIComponent(token)}`;
}

/** Links or codes of one kind are limited per hour: each is a message to someone. */
async function throttle(db: Executor, accountId: string, kind: ContactKind): Promise<void> {
  if ((await repo.countVerificationsSince(db, accountId, kind, Date.now() - hours(1))) >= MAX_PER_HOUR) throw TooManyRequests();
}

/** Mails a link that moves the account to `email` once opened; earlier such links are void. In the caller's transaction. */
async function mailEmailChangeLink(trx: Executor, messages: MessageJobs, account: Account, email: string, baseUrl: string): Promise<void> {
  const at = Date.now();
  const link = await newEmailLink(trx, account.id, 'EMAIL', email, baseUrl, at);
  await repo.update(trx, account.id, { pending_email: email, updated_at: at });
  await messages.email(trx, { to: email, ...verifyEmailMessage(language(account), link, LINK_HOURS) });
}

/** Texts a code to a (new or current) number; earlier codes of the kind are void. In the caller's transaction. */
async function smsPhoneCode(
  trx: Executor,
  messages: MessageJobs,
  account: Account,
  kind: 'PHONE_CHANGE' | 'PHONE_VERIFY',
  phone: { countryCode: string; phoneNumber: string; phoneE164: string },
): Promise<Ticket> {
  const referenceToken = newToken();
  const id = newId();
  const otp = randomDigits(OTP_LENGTH);
  const at = Date.now();
  await repo.retirePendingVerifications(trx, account.id, kind, at);
  await repo.createVerification(trx, {
    id,
    account_id: account.id,
    kind,
    reference_hash: hashToken(referenceToken),
    target: phone.phoneE164,
    country_code: phone.countryCode,
    phone_number: phone.phoneNumber,
    otp_hash: otpHash(id, otp),
    expires_at: at + minutes(OTP_MINUTES),
    created_at: at,
  });
  await messages.sms(trx, { to: phone.phoneE164, text: phoneCodeText(language(account), otp, OTP_MINUTES) });
  return { referenceToken, expectedInputLength: OTP_LENGTH, remainingTimeInMinutes: OTP_MINUTES };
}

/**
 * Bulut support sends a verification again (issue 27), in the caller's transaction: by e-mail, the link to the address
 * waiting for its change, else to the account's own unverified address; by phone, a code to the unverified number
 * (the subscriber enters it in settings). Already verified is a conflict; the hourly limit of the subscriber's own
 * requests applies. Answers the channel's kind of proof and where it went (the operator sees the address already).
 */
export async function resendVerification(
  trx: Transaction<DB>,
  messages: MessageJobs,
  account: Account,
  channel: 'email' | 'phone',
  baseUrl: string,
): Promise<{ kind: ContactKind }> {
  if (channel === 'email') {
    if (account.pending_email) {
      await throttle(trx, account.id, 'EMAIL');
      await mailEmailChangeLink(trx, messages, account, account.pending_email, baseUrl);
      return { kind: 'EMAIL' };
    }
    if (account.email_verified_at !== null) throw Conflict('ALREADY_VERIFIED', 'The e-mail address is already verified.');
    await throttle(trx, account.id, 'EMAIL_VERIFY');
    await mailEmailVerification(trx, messages, account, baseUrl);
    return { kind: 'EMAIL_VERIFY' };
  }
  if (account.phone_verified_at !== null) throw Conflict('ALREADY_VERIFIED', 'The phone number is already verified.');
  await throttle(trx, account.id, 'PHONE_VERIFY');
  await smsPhoneCode(trx, messages, account, 'PHONE_VERIFY', {
    countryCode: account.country_code,
    phoneNumber: account.phone_number,
    phoneE164: account.phone_e164,
  });
  return { kind: 'PHONE_VERIFY' };
}
