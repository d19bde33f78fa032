import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../infra/db/schema.js';
import type { Config } from '../../config.js';
import type { MessageJobs } from '../../infra/jobs/message-jobs.js';
import { AppError, BadRequest, Conflict, NotFound, TooManyRequests, ValidationError } from '../../shared/errors.js';
import { hashToken, newId, newToken, randomDigits, safeEqual } from '../../shared/tokens.js';
import { days, minutes } from '../../shared/time.js';
import { assertPasswordStrength, hashPassword } from '../../shared/password.js';
import { LANGUAGES, type Language } from '../../shared/schemas.js';
import * as accounts from '../account/account.identity.public.js';
import { mailEmailVerification } from '../account/account.verification.public.js';
import type { AuthService, IssuedSession } from '../auth/auth.public.js';
import type { CaptchaService } from '../captcha/captcha.public.js';
import type { EulaService } from '../eula/eula.public.js';
import type { NotificationService } from '../notification/notification.public.js';
import type { SocialLoginService } from '../social-login/social-login.public.js';
import { validatePersonName } from '../../shared/names.js';
import { normaliseEmail, normalisePhoneParts } from '../../shared/contact.js';
import * as repo from './signup.repository.js';
import type { OtpChannel, SignupRequest } from './signup.table.js';
import { alreadyRegisteredNotice, otpSubject, otpText, welcomeNotification } from './signup.messages.js';
import { claimInvitations } from '../private-shares/private-shares.public.js';

export const OTP_LENGTH = 6;
export const OTP_MINUTES = 3;
export const MAX_RESENDS = 3;
export const MAX_ATTEMPTS = 5;

export interface SignupInput {
  email: string;
  phoneNumber: string;
  countryCode: string;
  password: string;
  name?: string;
  surname?: string;
  language: Language;
  eulaId: number;
  sendOtpTo?: OtpChannel;
  socialToken?: { provider: 'google' | 'apple'; token: string; state: string };
  referrerToken?: string;
}

export interface SignupTicket {
  referenceToken: string;
  expectedInputLength: number;
  remainingTimeInMinutes: number;
}

const OtpExpired = () => BadRequest('OTP_EXPIRED', 'OTP Expired!');
const InvalidOtp = () => BadRequest('INVALID_OTP', 'Invalid OTP!');
const otpHash = (requestId: string, otp: string) => hashToken(`${requestId}:${otp}`);

interface Deps {
  db: Kysely<DB>;
  config: Pick<Config, 'freeQuotaBytes'>;
  auth: AuthService;
  captcha: CaptchaService;
  eula: EulaService;
  notifications: NotificationService;
  messages: MessageJobs;
  social: SocialLoginService;
  /** Base of the links in e-mails: the configured public URL, else the origin the request came to. */
  publicUrl: string | null;
  /** Runs in the transaction that creates the account (campaigns records the referral of an invited sign-up). */
  onSignedUp?: SignedUpListener;
}

export type SignedUpListener = (
  trx: Transaction<DB>,
  account: { accountId: string; referrerToken: string | null; name: string; surname: string; email: string; phoneE164: string; phoneProved: boolean; at: number },
) => Promise<void>;

/** Sign-up in two steps: the request holds the details until the one-time code proves the phone or e-mail. */
export class SignupService {
  constructor(private readonly d: Deps) {}

  /**
   * Answers the same ticket whether or not the e-mail or phone already has an account, after the same work (lookups,
   * password hash, request row, one message), so neither the answer nor its timing tells. A taken contact's owner gets
   * a notice instead of a code; that request's code is never sent, so it can only fail.
   */
  async start(input: SignupInput, ip: string, captcha: { id?: string; answer?: string }): Promise<SignupTicket> {
    const contact = normaliseContact(input);
    assertPasswordStrength(input.password);
    const eula = await this.d.eula.getById(input.eulaId);
    if (!eula) throw ValidationError('eulaId does not name a published EULA.', 'eulaId');
    const contacts = [`email:${contact.email}`, `phone:${contact.phoneE164}`];
    await this.d.captcha.gate('SIGN_UP', ip, contacts, captcha);
    await this.d.captcha.recordSignup(ip, contacts);
    const social = input.socialToken ? await this.claimSocial(input.socialToken, contact.email) : null;
    const owners = await this.owners(contact.email, contact.phoneE164);
    const passwordHash = await hashPassword(input.password);
    const referenceToken = newToken();
    const id = newId();
    const otp = randomDigits(OTP_LENGTH);
    const channel = input.sendOtpTo ?? 'PHONE';
    const at = Date.now();
    await this.d.db.transaction().execute(async (trx) => {
      await repo.create(trx, {
        id,
        reference_hash: hashToken(referenceToken),
        email: contact.email,
        country_code: contact.countryCode,
        phone_number: contact.phoneNumber,
        phone_e164: contact.phoneE164,
        password_hash: passwordHash,
        name: validatePersonName(input.name ?? '', 'name'),
        surname: validatePersonName(input.surname ?? '', 'surname'),
        language: input.language,
        eula_id: eula.id,
        channel,
        otp_hash: otpHash(id, otp),
        otp_expires_at: at + minutes(OTP_MINUTES),
        attempts: 0,
        resends: 0,
        status: 'PENDING',
        ip,
        created_at: at,
        social_provider: social?.provider ?? null,
        social_subject: social?.subject ?? null,
        social_email: social?.email ?? null,
        referrer_token: input.referrerToken?.trim() || null,
      });
      await this.sendOtpOrNotice(trx, channel, contact, input.language, otp, owners);
    });
    return { referenceToken, expectedInputLength: OTP_LENGTH, remainingTimeInMinutes: OTP_MINUTES };
  }

  async resend(referenceToken: string): Promise<SignupTicket> {
    const req = await this.pending(referenceToken);
    if (req.resends >= MAX_RESENDS) throw TooManyRequests();
    const otp = randomDigits(OTP_LENGTH);
    // Read before the transaction: SQLite has one connection, which the transaction holds.
    const owners = await this.owners(req.email, req.phone_e164);
    await this.d.db.transaction().execute(async (trx) => {
      await repo.renewOtp(trx, req.id, otpHash(req.id, otp), Date.now() + minutes(OTP_MINUTES));
      await this.sendOtpOrNotice(
        trx,
        req.channel,
        { email: req.email, phoneE164: req.phone_e164 },
        req.language as Language,
        otp,
        owners,
      );
    });
    return { referenceToken, expectedInputLength: OTP_LENGTH, remainingTimeInMinutes: OTP_MINUTES };
  }

  async validate(referenceToken: string, otp: string, origin: string): Promise<IssuedSession> {
    const req = await this.pending(referenceToken);
    if (req.otp_expires_at <= Date.now()) throw OtpExpired();
    if (!safeEqual(req.otp_hash, otpHash(req.id, otp.trim()))) {
      const lock = req.attempts + 1 >= MAX_ATTEMPTS;
      await repo.recordAttempt(this.d.db, req.id, lock);
      throw lock ? TooManyRequests() : InvalidOtp();
    }
    await this.assertUnused(req.email, req.phone_e164);
    return this.createAccount(req, this.d.publicUrl ?? origin).catch(async (err: unknown) => {
      // A concurrent sign-up with the same e-mail or phone won the race and the unique index refused ours.
      if (!(err instanceof AppError)) await this.assertUnused(req.email, req.phone_e164);
      throw err;
    });
  }

  private createAccount(req: SignupRequest, baseUrl: string): Promise<IssuedSession> {
    return this.d.db.transaction().execute(async (trx) => {
      if (!(await repo.complete(trx, req.id))) throw NotFound('Sign-up reference not found.');
      const at = Date.now();
      const accountId = newId();
      const emailProven = req.channel === 'EMAIL' || Boolean(req.social_provider);
      await accounts.create(trx, {
        id: accountId,
        email: req.email,
        country_code: req.country_code,
        phone_number: req.phone_number,
        phone_e164: req.phone_e164,
        // The code that was typed back went by SMS: the number is the owner's.
        phone_verified_at: req.channel === 'PHONE' ? at : null,
        // A code typed back from the mailbox proves the address, and so does Google or Apple (verified e-mails only).
        email_verified_at: emailProven ? at : null,
        password_hash: req.password_hash,
        name: req.name,
        surname: req.surname,
        language: req.language,
        status: 'ACTIVE',
        account_type: 'STANDARD',
        is_family_member: 0,
        is_family_admin: 0,
        photo_key: null,
        project_id: newId(),
        quota_bytes: this.d.config.freeQuotaBytes,
        used_bytes: 0,
        reserved_bytes: 0,
        eula_id: req.eula_id,
        created_at: at,
        updated_at: at,
      });
      // The code went by SMS: the e-mail address is proven by a link, sent now rather than when the profile asks.
      if (!emailProven) await mailEmailVerification(trx, this.d.messages, { id: accountId, email: req.email, language: req.language }, baseUrl);
      const text = welcomeNotification(req.language as Language);
      await this.d.notifications.create(trx, accountId, { type: 'WELCOME', language: req.language, ...text });
      // Items shared with this e-mail or phone before the account existed are its own from now on, but only through a
      // contact this sign-up proved: the code's channel, or the e-mail a Google/Apple identity vouches for.
      const emailProved = req.channel === 'EMAIL' || (req.social_provider !== null && req.social_email === req.email);
      await claimInvitations(trx, accountId, { email: emailProved ? req.email : null, phoneE164: req.channel === 'PHONE' ? req.phone_e164 : null });
      await this.d.onSignedUp?.(trx, {
        accountId,
        referrerToken: req.referrer_token,
        name: req.name,
        surname: req.surname,
        email: req.email,
        phoneE164: req.phone_e164,
        phoneProved: req.channel === 'PHONE',
        at,
      });
      if (req.social_provider && req.social_subject) {
        await this.d.social.link(trx, accountId, {
          provider: req.social_provider,
          subject: req.social_subject,
          email: req.social_email,
        });
      }
      return this.d.auth.issue(trx, accountId, { uuid: newId(), name: 'Browser', deviceType: 'WEB' }, null);
    });
  }

  /** The Google/Apple identity of a sign-up; only the e-mail the provider verified may be signed up with it. */
  private async claimSocial(token: NonNullable<SignupInput['socialToken']>, email: string) {
    const identity = await this.d.social.claimForSignup(token);
    if (identity.email !== email) {
      throw ValidationError('email must be the verified e-mail address of the Google or Apple account.', 'email');
    }
    return identity;
  }

  private async pending(referenceToken: string): Promise<SignupRequest> {
    const req = await repo.getByReferenceHash(this.d.db, hashToken(referenceToken));
    if (!req || req.status === 'DONE') throw NotFound('Sign-up reference not found.');
    if (req.status === 'LOCKED') throw TooManyRequests();
    return req;
  }

  private async assertUnused(email: string, phoneE164: string): Promise<void> {
    if (await accounts.getByEmail(this.d.db, email)) {
      throw Conflict('EMAIL_ALREADY_EXISTS', 'An account with this e-mail address already exists.', 'email');
    }
    if (await accounts.getByPhoneE164(this.d.db, phoneE164)) {
      throw Conflict('PHONE_ALREADY_EXISTS', 'An account with this phone number already exists.', 'phoneNumber');
    }
  }

  /** The accounts that already hold this e-mail or phone; both are always looked up, so every start reads the same. */
  private async owners(email: string, phoneE164: string) {
    const [byEmail, byPhone] = await Promise.all([
      accounts.getByEmail(this.d.db, email),
      accounts.getByPhoneE164(this.d.db, phoneE164),
    ]);
    return { byEmail, byPhone };
  }

  /** One message either way: the code when both contacts are free, otherwise a notice to the owner of a taken one. */
  private async sendOtpOrNotice(
    trx: Parameters<MessageJobs['sms']>[0],
    channel: OtpChannel,
    contact: { email: string; phoneE164: string },
    language: Language,
    otp: string,
    owners: Awaited<ReturnType<SignupService['owners']>>,
  ): Promise<void> {
    const { byEmail, byPhone } = owners;
    if (!byEmail && !byPhone) return this.sendOtp(trx, channel, contact, language, otp);
    // The owner of the contact the code would have gone to, else the owner of the other one, on their own channel.
    const toEmail = byEmail && (channel === 'EMAIL' || !byPhone);
    const owner = (toEmail ? byEmail : byPhone)!;
    const lang = (LANGUAGES as readonly string[]).includes(owner.language) ? (owner.language as Language) : language;
    const notice = alreadyRegisteredNotice(lang);
    if (toEmail) await this.d.messages.email(trx, { to: owner.email, subject: notice.subject, text: notice.text });
    else await this.d.messages.sms(trx, { to: owner.phone_e164, text: notice.text });
  }

  private async sendOtp(
    trx: Parameters<MessageJobs['sms']>[0],
    channel: OtpChannel,
    contact: { email: string; phoneE164: string },
    language: Language,
    otp: string,
  ): Promise<void> {
    const text = otpText(language, otp, OTP_MINUTES);
    if (channel === 'EMAIL') await this.d.messages.email(trx, { to: contact.email, subject: otpSubject(language), text });
    else await this.d.messages.sms(trx, { to: contact.phoneE164, text });
  }

  /** Housekeeping: a sign-up older than a day is finished or abandoned (its code expired long ago). */
  purgeStale(at = Date.now()): Promise<number> {
    return repo.purgeOlderThan(this.d.db, at - days(1));
  }
}

function normaliseContact(input: SignupInput) {
  const phone = normalisePhoneParts(input);
  return { email: normaliseEmail(input.email), ...phone };
}

