import type { Kysely } from 'kysely';
import type { DB } from '../../infra/db/schema.js';
import type { Executor } from '../../infra/db/executor.js';
import type { MessageJobs } from '../../infra/jobs/message-jobs.js';
import type { AuthContext } from '../../shared/auth-context.js';
import { AppError, BadRequest, Conflict, NotFound, TooManyRequests, ValidationError } from '../../shared/errors.js';
import { hashToken, newId, newToken, randomDigits, safeEqual } from '../../shared/tokens.js';
import { minutes } from '../../shared/time.js';
import { verifyPassword } from '../../shared/password.js';
import { maskEmail, maskPhone } from '../../shared/mask.js';
import { LANGUAGES, type Language } from '../../shared/schemas.js';
import * as accounts from '../account/account.identity.public.js';
import type { Account } from '../account/account.identity.public.js';
import * as repo from './two-factor.repository.js';
import type { TwoFactorChallenge } from './auth.table.js';
import { lockoutKey, type LoginLockout } from './login-lockout.js';
import { signInCodeSubject, signInCodeText } from './two-factor.messages.js';
import { base32Encode, matchTotp, newTotpSecret, otpauthUrl, type SecretBox } from '../../shared/totp.js';
import type { DeviceInfo, IssuedSession } from './auth.types.js';

export type TwoFactorMethod = 'SMS' | 'EMAIL' | 'TOTP';
export type ProofMethod = TwoFactorMethod | 'RECOVERY_CODE';

export interface AuthSettings {
  twoFactorAuthEnabled: boolean;
  methods: TwoFactorMethod[];
  totpEnabled: boolean;
  recoveryCodesLeft: number;
}

/** A sign-in that still needs its second step. */
export interface TwoFactorRequired {
  twoFactorRequired: true;
  challengeToken: string;
  methods: Array<{ method: TwoFactorMethod; content: string }>;
  expiresInSeconds: number;
}

export const CHALLENGE_SECONDS = 300;
export const CODE_LENGTH = 6;
export const CODE_MINUTES = 3;
/** The first code and three resends. */
export const MAX_SENDS = 4;
/** Wrong answers before the challenge dies (each also counts toward the account's sign-in lockout). */
export const MAX_ATTEMPTS = 5;
export const RECOVERY_CODE_COUNT = 10;
/** A set-up secret must be confirmed with a code this soon, or set up again. */
const PENDING_TOTP_MS = minutes(15);
const ISSUER = 'Bulut';

const ChallengeExpired = () => BadRequest('CHALLENGE_EXPIRED', 'The sign-in step has expired. Sign in again.', 'challengeToken');
const InvalidCode = () => BadRequest('INVALID_OTP', 'Invalid OTP!', 'code');
const CodeExpired = () => BadRequest('OTP_EXPIRED', 'OTP Expired!', 'code');
const WrongPassword = () => BadRequest('INVALID_PASSWORD', 'The password is not correct.', 'password');

const languageOf = (a: Account): Language => ((LANGUAGES as readonly string[]).includes(a.language) ? (a.language as Language) : 'en');
const codeHash = (challengeId: string, code: string) => hashToken(`${challengeId}:${code}`);
/** Recovery codes are typed by hand: case, spaces and dashes do not matter. */
const normaliseRecoveryCode = (code: string) => code.toLowerCase().replace(/[^a-z2-7]/g, '');
const recoveryHash = (accountId: string, code: string) => hashToken(`recovery:${accountId}:${normaliseRecoveryCode(code)}`);

/** 12 base32 characters (60 bits) as xxxx-xxxx-xxxx: a guess is hopeless within the tries a challenge allows. */
function newRecoveryCode(): string {
  const raw = base32Encode(Buffer.from(newToken(), 'base64url')).slice(0, 12).toLowerCase();
  return `${raw.slice(0, 4)}-${raw.slice(4, 8)}-${raw.slice(8, 12)}`;
}

interface Deps {
  db: Kysely<DB>;
  lockout: LoginLockout;
  messages: MessageJobs;
  box: SecretBox;
}

/**
 * Two-factor sign-in: the account's switch, the authenticator app and recovery codes, and the challenge a sign-in
 * with one factor opens when the switch is on. Sessions themselves are issued by AuthService.
 */
export class TwoFactorService {
  constructor(private readonly d: Deps) {}

  async settings(auth: AuthContext): Promise<AuthSettings> {
    return this.settingsOf(await this.account(auth.accountId));
  }

  /** Switching on or off needs the password again: a borrowed, signed-in device must not change it. */
  async setEnabled(auth: AuthContext, on: boolean, password: string): Promise<AuthSettings> {
    const account = await this.account(auth.accountId);
    await this.checkPassword(account, password);
    const at = Date.now();
    await this.d.db.transaction().execute(async (trx) => {
      await repo.upsert(trx, account.id, { enabled: on ? 1 : 0 }, at);
      await repo.endChallengesOfAccount(trx, account.id, at);
    });
    return this.settingsOf(account);
  }

  /**
   * Opens the second step when the account has two-factor on (else null): a random challenge token, single use,
   * CHALLENGE_SECONDS long, remembering the device and remember-me choice of the sign-in.
   */
  async begin(db: Executor, account: Account, device: DeviceInfo, rememberMe: boolean): Promise<TwoFactorRequired | null> {
    const row = await repo.get(db, account.id);
    if (!row || row.enabled !== 1) return null;
    const token = newToken();
    const at = Date.now();
    await repo.createChallenge(db, {
      id: newId(),
      token_hash: hashToken(token),
      account_id: account.id,
      remember_me: rememberMe ? 1 : 0,
      device_uuid: device.uuid,
      device_name: device.name,
      device_type: device.deviceType,
      created_at: at,
      expires_at: at + CHALLENGE_SECONDS * 1000,
      used_at: null,
      attempts: 0,
      sends: 0,
      code_channel: null,
      code_hash: null,
      code_expires_at: null,
    });
    return { twoFactorRequired: true, challengeToken: token, methods: methodsOf(account, row.totp_secret !== null), expiresInSeconds: CHALLENGE_SECONDS };
  }

  /** Sends (or sends again) a code for the challenge by SMS or e-mail; a new code replaces the previous one. */
  async sendCode(challengeToken: string, method: 'SMS' | 'EMAIL') {
    const challenge = await this.liveChallenge(challengeToken);
    const account = await this.account(challenge.account_id, ChallengeExpired);
    if (method === 'SMS' && account.phone_verified_at === null) {
      throw ValidationError('This account has no verified phone number.', 'method');
    }
    if (challenge.sends >= MAX_SENDS) throw TooManyRequests();
    const code = randomDigits(CODE_LENGTH);
    const at = Date.now();
    const lang = languageOf(account);
    await this.d.db.transaction().execute(async (trx) => {
      const ok = await repo.setChallengeCode(trx, challenge.id, {
        channel: method,
        hash: codeHash(challenge.id, code),
        expiresAt: Math.min(at + minutes(CODE_MINUTES), challenge.expires_at),
        sends: challenge.sends + 1,
      });
      // Another send raced this one: it counts, this one does not go out.
      if (!ok) throw TooManyRequests();
      const text = signInCodeText(lang, code, CODE_MINUTES);
      if (method === 'SMS') await this.d.messages.sms(trx, { to: account.phone_e164, text });
      else await this.d.messages.email(trx, { to: account.email, subject: signInCodeSubject(lang), text });
    });
    return { challengeToken, expectedInputLength: CODE_LENGTH, remainingTimeInMinutes: CODE_MINUTES };
  }

  /**
   * Checks the second factor and, in the same transaction, uses up the challenge (and the TOTP step or recovery code)
   * and lets `issue` open the session. A wrong answer counts toward the challenge's tries and the sign-in lockout.
   */
  async complete(
    input: { challengeToken: string; method: ProofMethod; code: string },
    issue: (db: Executor, accountId: string, device: DeviceInfo, rememberMe: boolean) => Promise<IssuedSession>,
    rememberMe: boolean,
    /** Writes the outcome to the sign-in history (issue 27). */
    record: (accountId: string, result: 'SUCCESS' | 'WRONG_CODE' | 'LOCKED' | 'SUSPENDED', deviceType: string) => Promise<void> = async () => {},
  ): Promise<IssuedSession> {
    const challenge = await this.liveChallenge(input.challengeToken);
    const account = await this.account(challenge.account_id, ChallengeExpired);
    const who = lockoutKey(account.id);
    const streak = await this.d.lockout.assertOpen(who).catch(async (err: unknown) => {
      await record(account.id, 'LOCKED', challenge.device_type);
      throw err;
    });
    const at = Date.now();
    if ((input.method === 'SMS' || input.method === 'EMAIL') && challenge.code_channel === input.method && (challenge.code_expires_at ?? 0) <= at) {
      throw CodeExpired();
    }
    const device: DeviceInfo = {
      uuid: challenge.device_uuid,
      name: challenge.device_name,
      deviceType: challenge.device_type as DeviceInfo['deviceType'],
    };
    const issued = await this.d.db
      .transaction()
      .execute(async (trx) => {
        if (!(await this.proves(trx, account.id, challenge, input, at))) return null;
        if (!(await repo.useChallenge(trx, challenge.id, at))) throw ChallengeExpired();
        return issue(trx, account.id, device, rememberMe || challenge.remember_me === 1);
      })
      .catch(async (err: unknown) => {
        // Suspended between the two steps: `issue` refuses as password sign-in does (only after a right code), and
        // the history says so like it does for a password.
        if (err instanceof AppError && err.status === 'ACCOUNT_SUSPENDED') await record(account.id, 'SUSPENDED', challenge.device_type);
        throw err;
      });
    if (!issued) {
      const attempts = await repo.addChallengeAttempt(this.d.db, challenge.id);
      if (attempts >= MAX_ATTEMPTS) await repo.useChallenge(this.d.db, challenge.id, Date.now());
      await this.d.lockout.recordFailure(who, account);
      await record(account.id, 'WRONG_CODE', challenge.device_type);
      throw InvalidCode();
    }
    if (streak) await this.d.lockout.clear(who);
    await record(account.id, 'SUCCESS', challenge.device_type);
    return issued;
  }

  private async proves(db: Executor, accountId: string, challenge: TwoFactorChallenge, input: { method: ProofMethod; code: string }, at: number): Promise<boolean> {
    const code = input.code.trim();
    switch (input.method) {
      case 'SMS':
      case 'EMAIL':
        return challenge.code_channel === input.method && challenge.code_hash !== null && safeEqual(challenge.code_hash, codeHash(challenge.id, code));
      case 'TOTP': {
        const row = await repo.get(db, accountId);
        if (!row?.totp_secret) return false;
        const step = matchTotp(this.d.box.open(row.totp_secret), code, at);
        return step !== null && (await repo.advanceTotpStep(db, accountId, step, at));
      }
      case 'RECOVERY_CODE':
        return repo.useRecoveryCode(db, accountId, recoveryHash(accountId, code), at);
    }
  }

  /** A new authenticator secret, pending until a code from the app confirms it (totpEnable). Shown only here. */
  async totpSetup(auth: AuthContext, password: string): Promise<{ secret: string; otpauthUrl: string }> {
    const account = await this.account(auth.accountId);
    await this.checkPassword(account, password);
    const row = await repo.get(this.d.db, account.id);
    if (row?.totp_secret) throw Conflict('TOTP_ALREADY_ENABLED', 'An authenticator app is already set up. Turn it off first.');
    const secret = newTotpSecret();
    const at = Date.now();
    await repo.upsert(this.d.db, account.id, { totp_pending_secret: this.d.box.seal(secret), totp_pending_at: at }, at);
    const base32 = base32Encode(secret);
    return { secret: base32, otpauthUrl: otpauthUrl(base32, account.email, ISSUER) };
  }

  /**
   * Confirms the pending secret with a code from the app: the app becomes a second factor, two-factor sign-in is
   * switched on (enrolling an app means wanting it), and ten new recovery codes are answered, once.
   */
  async totpEnable(auth: AuthContext, code: string): Promise<{ recoveryCodes: string[] }> {
    const account = await this.account(auth.accountId);
    const who = lockoutKey(account.id);
    await this.d.lockout.assertOpen(who);
    const row = await repo.get(this.d.db, account.id);
    const at = Date.now();
    if (row?.totp_secret) throw Conflict('TOTP_ALREADY_ENABLED', 'An authenticator app is already set up. Turn it off first.');
    if (!row?.totp_pending_secret || (row.totp_pending_at ?? 0) + PENDING_TOTP_MS < at) {
      throw BadRequest('TOTP_NOT_SET_UP', 'Set up the authenticator app first.');
    }
    const step = matchTotp(this.d.box.open(row.totp_pending_secret), code.trim(), at);
    if (step === null) {
      await this.d.lockout.recordFailure(who, account);
      throw InvalidCode();
    }
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    await this.d.db.transaction().execute(async (trx) => {
      await repo.upsert(trx, account.id, { enabled: 1, totp_secret: row.totp_pending_secret, totp_pending_secret: null, totp_pending_at: null, totp_last_step: step }, at);
      await this.storeRecoveryCodes(trx, account.id, codes, at);
    });
    return { recoveryCodes: codes };
  }

  /** Removes the app and its recovery codes; two-factor stays on (with SMS and e-mail codes) if it was. */
  async totpDisable(auth: AuthContext, password: string): Promise<AuthSettings> {
    const account = await this.account(auth.accountId);
    await this.checkPassword(account, password);
    const at = Date.now();
    await this.d.db.transaction().execute(async (trx) => {
      await repo.upsert(trx, account.id, { totp_secret: null, totp_pending_secret: null, totp_pending_at: null, totp_last_step: null }, at);
      await repo.replaceRecoveryCodes(trx, account.id, [], at);
    });
    return this.settingsOf(account);
  }

  /** Ten new recovery codes; every earlier one stops working. Only with two-factor on: otherwise they prove nothing. */
  async regenerateRecoveryCodes(auth: AuthContext, password: string): Promise<{ recoveryCodes: string[] }> {
    const account = await this.account(auth.accountId);
    await this.checkPassword(account, password);
    const row = await repo.get(this.d.db, account.id);
    if (row?.enabled !== 1) throw Conflict('TWO_FACTOR_DISABLED', 'Turn on two-factor sign-in first.');
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    await this.d.db.transaction().execute((trx) => this.storeRecoveryCodes(trx, account.id, codes, Date.now()));
    return { recoveryCodes: codes };
  }

  /** Whether the account has two-factor sign-in on (recovery of a password asks for two factors then). */
  async isEnabled(accountId: string): Promise<boolean> {
    return (await repo.get(this.d.db, accountId))?.enabled === 1;
  }

  purgeExpired(at: number): Promise<number> {
    return repo.purgeChallenges(this.d.db, at);
  }

  private storeRecoveryCodes(db: Executor, accountId: string, codes: string[], at: number) {
    return repo.replaceRecoveryCodes(db, accountId, codes.map((c) => ({ id: newId(), code_hash: recoveryHash(accountId, c) })), at);
  }

  private async settingsOf(account: Account): Promise<AuthSettings> {
    const row = await repo.get(this.d.db, account.id);
    const totpEnabled = Boolean(row?.totp_secret);
    return {
      twoFactorAuthEnabled: row?.enabled === 1,
      methods: methodsOf(account, totpEnabled).map((m) => m.method),
      totpEnabled,
      recoveryCodesLeft: await repo.countRecoveryCodesLeft(this.d.db, account.id),
    };
  }

  /** A password re-check counts toward the sign-in lockout like a sign-in: a stolen session cannot guess freely. */
  private async checkPassword(account: Account, password: string): Promise<void> {
    const who = lockoutKey(account.id);
    await this.d.lockout.assertOpen(who);
    if (await verifyPassword(account.password_hash, password)) return;
    await this.d.lockout.recordFailure(who, account);
    throw WrongPassword();
  }

  private async liveChallenge(token: string): Promise<TwoFactorChallenge> {
    const challenge = await repo.getChallengeByHash(this.d.db, hashToken(token));
    if (!challenge || challenge.used_at !== null || challenge.expires_at <= Date.now() || challenge.attempts >= MAX_ATTEMPTS) {
      throw ChallengeExpired();
    }
    return challenge;
  }

  private async account(id: string, missing: () => AppError = () => NotFound('Account not found.')): Promise<Account> {
    const account = await accounts.getById(this.d.db, id);
    if (!account) throw missing();
    return account;
  }
}

/** The second factors an account can use: a code to its verified phone, to its e-mail, the authenticator app. */
function methodsOf(account: Account, totp: boolean): Array<{ method: TwoFactorMethod; content: string }> {
  const methods: Array<{ method: TwoFactorMethod; content: string }> = [];
  if (account.phone_verified_at !== null) methods.push({ method: 'SMS', content: maskPhone(account.country_code, account.phone_number) });
  methods.push({ method: 'EMAIL', content: maskEmail(account.email) });
  if (totp) methods.push({ method: 'TOTP', content: ISSUER });
  return methods;
}

