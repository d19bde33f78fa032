import type { Kysely } from 'kysely';
import type { DB } from '../../infra/db/schema.js';
import type { MessageJobs } from '../../infra/jobs/message-jobs.js';
import type { AuthContext } from '../../shared/auth-context.js';
import { normaliseEmail, normalisePhoneParts } from '../../shared/contact.js';
import { AppError, BadRequest, Conflict, NotFound, TooManyRequests, ValidationError } from '../../shared/errors.js';
import { LANGUAGES, type Language } from '../../shared/schemas.js';
import { hours, minutes } from '../../shared/time.js';
import { hashToken, newId, newToken, randomDigits, safeEqual } from '../../shared/tokens.js';
import * as repo from './account.repository.js';
import type { Account, ContactKind, ContactVerification } from './account.table.js';
import { emailChangedMessage, phoneChangedMessage, phoneCodeText, verifyEmailMessage } from './contact.messages.js';

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
const language = (a: Account): Language => ((LANGUAGES as readonly string[]).includes(a.language) ? (a.language as Language) : 'en');

interface Deps {
  db: Kysely<DB>;
  messages: MessageJobs;
  /** Base of the links in e-mails: the configured public URL, else the origin the request came to. */
  publicUrl: string | null;
}

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

  async resendEmailVerification(auth: AuthContext, origin: string): Promise<string> {
    const account = await this.account(auth);
    if (!account.pending_email) throw BadRequest('NO_PENDING_EMAIL', 'There is no new e-mail address waiting to be verified.');
    await this.sendEmailLink(account, account.pending_email, origin);
    return account.pending_email;
  }

  /** Public: the token is the proof. The account takes the address only now, if nobody took it meanwhile. */
  async verifyEmail(token: string): Promise<string> {
    const row = await repo.getVerification(this.d.db, hashToken(token));
    if (!row || row.kind !== 'EMAIL' || row.used_at !== null) throw InvalidLink();
    if (row.expires_at <= Date.now()) throw LinkExpired();
    const account = await repo.getById(this.d.db, row.account_id);
    if (!account || account.status === 'DELETED') throw InvalidLink();
    if (await repo.getByEmail(this.d.db, row.target)) throw EmailTaken();
    const at = Date.now();
    await this.d.db
      .transaction()
      .execute(async (trx) => {
        if (!(await repo.useVerification(trx, row.id, at))) throw InvalidLink();
        await repo.update(trx, account.id, { email: row.target, email_verified_at: at, pending_email: null, updated_at: at });
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

  async verifyPhone(auth: AuthContext, reference: string | undefined, otp: string): Promise<{ phoneVerified: true }> {
    if (!reference) throw ValidationError('referenceToken is required with otp.', 'referenceToken');
    const row = await this.checkCode(auth, 'PHONE_VERIFY', reference, otp);
    const account = await this.account(auth);
    // The number changed since the code was sent: the code proved the old one.
    if (account.phone_e164 !== row.target) throw OtpExpired();
    const at = Date.now();
    await this.d.db.transaction().execute(async (trx) => {
      if (!(await repo.useVerification(trx, row.id, at))) throw NotFound('Verification not found.');
      await repo.update(trx, auth.accountId, { phone_verified_at: at, updated_at: at });
    });
    return { phoneVerified: true };
  }

  private async account(auth: AuthContext): Promise<Account> {
    const account = await repo.getById(this.d.db, auth.accountId);
    if (!account) throw NotFound('Account not found.');
    return account;
  }

  private async throttle(accountId: string, kind: ContactKind): Promise<void> {
    if ((await repo.countVerificationsSince(this.d.db, accountId, kind, Date.now() - hours(1))) >= MAX_PER_HOUR) {
      throw TooManyRequests();
    }
  }

  private async sendEmailLink(account: Account, email: string, origin: string): Promise<void> {
    await this.throttle(account.id, 'EMAIL');
    const token = newToken();
    const at = Date.now();
    const link = `${this.d.publicUrl ?? origin}/verify/email?token=${encodeURIComponent(token)}`;
    await this.d.db.transaction().execute(async (trx) => {
      await repo.retirePendingVerifications(trx, account.id, 'EMAIL', at);
      await repo.createVerification(trx, {
        id: newId(),
        account_id: account.id,
        kind: 'EMAIL',
        reference_hash: hashToken(token),
        target: email,
        expires_at: at + hours(LINK_HOURS),
        created_at: at,
      });
      await repo.update(trx, account.id, { pending_email: email, updated_at: at });
      await this.d.messages.email(trx, { to: email, ...verifyEmailMessage(language(account), link, LINK_HOURS) });
    });
  }

  private async sendCode(
    account: Account,
    kind: 'PHONE_CHANGE' | 'PHONE_VERIFY',
    phone: { countryCode: string; phoneNumber: string; phoneE164: string },
  ): Promise<Ticket> {
    await this.throttle(account.id, kind);
    const referenceToken = newToken();
    const id = newId();
    const otp = randomDigits(OTP_LENGTH);
    const at = Date.now();
    await this.d.db.transaction().execute(async (trx) => {
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
      await this.d.messages.sms(trx, { to: phone.phoneE164, text: phoneCodeText(language(account), otp, OTP_MINUTES) });
    });
    return { referenceToken, expectedInputLength: OTP_LENGTH, remainingTimeInMinutes: OTP_MINUTES };
  }

  /**
   * The caller's pending code of that kind, checked: another account's reference is not found (404), a used or
   * superseded one too; a wrong code counts, and the fifth wrong one uses the code up.
   */
  private async checkCode(auth: AuthContext, kind: ContactKind, reference: string, otp: string): Promise<ContactVerification> {
    const row = await repo.getVerification(this.d.db, hashToken(reference));
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
