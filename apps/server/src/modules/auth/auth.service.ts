import { createHmac } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../infra/db/schema.js';
import type { Executor } from '../../infra/db/executor.js';
import type { Config } from '../../config.js';
import { Unauthorized, AppError } from '../../shared/errors.js';
import { hashToken, newId, newToken } from '../../shared/tokens.js';
import { days, minutes } from '../../shared/time.js';
import { verifyPassword } from '../../shared/password.js';
import * as accounts from '../account/account.public.js';
import type { Account } from '../account/account.public.js';
import type { CaptchaService } from '../captcha/captcha.public.js';
import * as repo from './auth.repository.js';
import * as lockouts from './login-lockout.repository.js';
import { lockoutSms, lockoutSubject, lockoutText } from './auth.messages.js';
import type { MessageJobs } from '../../infra/jobs/message-jobs.js';
import { LANGUAGES, type Language } from '../../shared/schemas.js';
import type { AuthContext } from '../../shared/auth-context.js';

export interface DeviceInfo {
  uuid: string;
  name: string;
  deviceType: 'WEB' | 'ANDROID' | 'IPHONE' | 'IPAD' | 'DESKTOP';
}

export interface IssuedSession {
  token: string;
  rememberMeToken: string | null;
  accountId: string;
  deviceInfo: DeviceInfo;
  latestActivityId: string;
}

const InvalidCredentials = () => new AppError(401, 'INVALID_CREDENTIALS', 'Invalid username or password.');

/** Sign-in refused for a while after too many failures in a row; `retryAfterSeconds` goes out as Retry-After. */
export class AccountLocked extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super(429, 'ACCOUNT_LOCKED', 'Too many failed sign-ins. Try again later.');
  }
}

/** Each lockout in a row lasts longer: 1 min, 5 min, 15 min, 1 h, 4 h, then a day each time. */
export const LOCKOUT_STEPS = [minutes(1), minutes(5), minutes(15), minutes(60), minutes(240), days(1)];
// A streak with no failure for a day is forgotten: the next lockout starts again at the first step.
const FORGET_STREAK_AFTER = days(1);
/** How long a just-rotated remember-me token still answers with its successor instead of counting as stolen. */
export const REFRESH_GRACE_MS = 30_000;
// Refreshing last_seen on every request would write on every read; once a minute is plenty for a sliding expiry.
const TOUCH_EVERY = minutes(1);

/** The successor of a rotated token: only someone holding both the token and the stored seed can compute it. */
const successorOf = (seed: string, token: string) => createHmac('sha256', seed).update(token).digest('base64url');

export function normalisePhone(input: string): string | null {
  const compact = input.replace(/[\s()-]/g, '');
  if (!/^(\+|00)?\d{6,15}$/.test(compact)) return null;
  return compact.startsWith('+') ? compact : compact.startsWith('00') ? `+${compact.slice(2)}` : compact;
}

export class AuthService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly config: Pick<Config, 'sessionTtlMinutes' | 'rememberMeTtlDays' | 'loginLockoutThreshold'>,
    private readonly captcha: CaptchaService,
    private readonly messages: MessageJobs,
  ) {}

  async login(input: {
    username: string;
    password: string;
    rememberMe: boolean;
    ip: string;
    userAgent: string;
    captcha: { id?: string; answer?: string };
  }): Promise<IssuedSession> {
    const username = input.username.trim().toLowerCase();
    const account = await this.findByUsername(username);
    // Count failures per account, not per spelling: e-mail, +90…, national number and spaced variants share one budget.
    const who = account ? `id:${account.id}` : username;
    // Locked before anything else: neither a solved captcha nor the right password gets through, and the
    // password is not even checked. Unknown usernames lock the same way, so a lockout says nothing about existence.
    const lockout = await lockouts.get(this.db, who);
    const at = Date.now();
    if (lockout && lockout.locked_until > at) throw new AccountLocked(Math.ceil((lockout.locked_until - at) / 1000));
    await this.captcha.gate('LOGIN', input.ip, who, input.captcha);
    const ok = await verifyPassword(account?.password_hash ?? null, input.password);
    if (!account || !ok) {
      await this.captcha.recordFailure('LOGIN', input.ip, who);
      await this.recordFailure(who, account);
      throw InvalidCredentials();
    }
    await this.captcha.clearFailures('LOGIN', who);
    // A successful sign-in ends the streak (and so will a completed account recovery, when it exists).
    if (lockout) await lockouts.clear(this.db, who);
    const device: DeviceInfo = { uuid: newId(), name: deviceName(input.userAgent), deviceType: 'WEB' };
    return this.db.transaction().execute((trx) => this.issue(trx, account.id, device, input.rememberMe ? newId() : null));
  }

  /** Counts a failure in a row; the K-th locks the account for the next step and tells its owner, once. */
  private async recordFailure(who: string, account: Account | undefined): Promise<void> {
    const threshold = this.config.loginLockoutThreshold;
    await this.db.transaction().execute(async (trx) => {
      const at = Date.now();
      const { failures, level } = await lockouts.addFailure(trx, who, at, FORGET_STREAK_AFTER);
      if (failures < threshold) return;
      const step = LOCKOUT_STEPS[Math.min(level, LOCKOUT_STEPS.length - 1)] as number;
      const locked = await lockouts.lock(trx, who, threshold, level + 1, at + step);
      if (!locked || !account) return;
      const lang: Language = (LANGUAGES as readonly string[]).includes(account.language) ? (account.language as Language) : 'en';
      const lockedMinutes = Math.round(step / minutes(1));
      await this.messages.email(trx, { to: account.email, subject: lockoutSubject(lang), text: lockoutText(lang, lockedMinutes) });
      // A phone only the owner has proven to hold: an unverified number may be someone else's.
      if (account.phone_verified_at !== null) await this.messages.sms(trx, { to: account.phone_e164, text: lockoutSms(lang, lockedMinutes) });
    });
  }

  /**
   * Opens a session (and, when a family id is given, a remember-me token in that rotation family: `rememberMeToken`
   * when given, else a new random one).
   */
  async issue(
    db: Executor,
    accountId: string,
    device: DeviceInfo,
    rememberFamily: string | null,
    rememberMeToken: string = newToken(),
  ): Promise<IssuedSession> {
    const session = await this.openSession(db, accountId, device, rememberFamily);
    if (!rememberFamily) return { ...session, rememberMeToken: null };
    const at = Date.now();
    await repo.createRememberMe(db, {
      id: newId(),
      account_id: accountId,
      family_id: rememberFamily,
      token_hash: hashToken(rememberMeToken),
      created_at: at,
      expires_at: at + days(this.config.rememberMeTtlDays),
      used_at: null,
      revoked_at: null,
      successor_seed: null,
    });
    return { ...session, rememberMeToken };
  }

  private async openSession(db: Executor, accountId: string, device: DeviceInfo, rememberFamily: string | null) {
    const at = Date.now();
    const token = newToken();
    const sessionId = newId();
    await repo.createSession(db, {
      id: sessionId,
      account_id: accountId,
      token_hash: hashToken(token),
      remember_family: rememberFamily,
      device_uuid: device.uuid,
      device_name: device.name,
      device_type: device.deviceType,
      created_at: at,
      last_seen_at: at,
      expires_at: at + minutes(this.config.sessionTtlMinutes),
      revoked_at: null,
    });
    return { token, accountId, deviceInfo: device, latestActivityId: sessionId };
  }

  async authenticate(token: string): Promise<AuthContext | null> {
    const at = Date.now();
    const session = await repo.getLiveSessionByHash(this.db, hashToken(token), at);
    if (!session) return null;
    if (at - session.last_seen_at > TOUCH_EVERY) {
      await repo.touchSession(this.db, session.id, at, at + minutes(this.config.sessionTtlMinutes));
    }
    return { accountId: session.account_id, sessionId: session.id, status: session.status, projectId: session.project_id };
  }

  /**
   * Trades a remember-me token for a new session and a new remember-me token. Each token rotates once; presented again
   * within REFRESH_GRACE_MS (another tab refreshing at the same moment, an answer lost on the way) it answers a fresh
   * session of the same family with the SAME successor, as long as that is still unused. Any later replay means the
   * token was stolen, so the whole family and its sessions die.
   */
  async refresh(rememberMeToken: string, device: DeviceInfo): Promise<IssuedSession> {
    const at = Date.now();
    const row = await repo.getRememberMeByHash(this.db, hashToken(rememberMeToken));
    if (!row || row.revoked_at !== null || row.expires_at <= at) throw Unauthorized('Remember-me token is not valid.');
    if (row.used_at === null) {
      const seed = newToken();
      const issued = await this.db.transaction().execute(async (trx) => {
        if (!(await repo.useRememberMe(trx, row.id, at, seed))) return null;
        return this.issue(trx, row.account_id, device, row.family_id, successorOf(seed, rememberMeToken));
      });
      if (issued) return issued;
    }
    // Used already, a moment ago by someone else holding the same token, or long ago: read it again for the seed.
    const used = await repo.getRememberMeByHash(this.db, hashToken(rememberMeToken));
    if (used && used.revoked_at === null && used.used_at !== null && used.successor_seed && Date.now() - used.used_at <= REFRESH_GRACE_MS) {
      const successor = successorOf(used.successor_seed, rememberMeToken);
      const next = await repo.getRememberMeByHash(this.db, hashToken(successor));
      if (next && next.revoked_at === null && next.used_at === null && next.expires_at > Date.now()) {
        const session = await this.openSession(this.db, used.account_id, device, used.family_id);
        return { ...session, rememberMeToken: successor };
      }
    }
    await this.db.transaction().execute(async (trx) => {
      await repo.revokeFamily(trx, row.family_id, at);
      await repo.revokeSessionsOfFamily(trx, row.family_id, at);
    });
    throw Unauthorized('Remember-me token was already used.');
  }

  async logout(auth: AuthContext, rememberMeToken?: string): Promise<void> {
    const at = Date.now();
    await this.db.transaction().execute(async (trx) => {
      await repo.revokeSession(trx, auth.sessionId, at);
      // Logout ends the device's whole sign-in: the remember-me family this session came from goes too, header or not.
      const families = new Set<string>();
      const own = (await repo.getSessionFamily(trx, auth.sessionId))?.remember_family;
      if (own) families.add(own);
      if (rememberMeToken) {
        const row = await repo.getRememberMeByHash(trx, hashToken(rememberMeToken));
        if (row && row.account_id === auth.accountId) families.add(row.family_id);
      }
      for (const family of families) {
        await repo.revokeFamily(trx, family, at);
        await repo.revokeSessionsOfFamily(trx, family, at);
      }
    });
  }

  private async findByUsername(username: string): Promise<Account | undefined> {
    if (username.includes('@')) return accounts.getByEmail(this.db, username);
    const phone = normalisePhone(username);
    if (!phone) return undefined;
    if (phone.startsWith('+')) return accounts.getByPhoneE164(this.db, phone);
    const byE164 = await accounts.getByPhoneE164(this.db, `+${phone}`);
    if (byE164) return byE164;
    // A national number alone identifies the account only when no other country has the same one.
    const matches = await accounts.listByNationalPhone(this.db, phone.replace(/^0/, ''));
    return matches.length === 1 ? matches[0] : undefined;
  }

  /** Housekeeping: sessions dead for a day and expired remember-me tokens go; live ones stay. */
  async purgeExpired(at = Date.now()): Promise<{ sessions: number; rememberMe: number; lockouts: number }> {
    const purged = await repo.purgeExpired(this.db, at, days(1));
    return { ...purged, lockouts: await lockouts.purgeOlderThan(this.db, at - FORGET_STREAK_AFTER) };
  }
}

function deviceName(userAgent: string): string {
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /Chrome\//.test(userAgent)
      ? 'Chrome'
      : /Firefox\//.test(userAgent)
        ? 'Firefox'
        : /Safari\//.test(userAgent)
          ? 'Safari'
          : 'Browser';
  const os = /Windows/.test(userAgent)
    ? 'Windows'
    : /Android/.test(userAgent)
      ? 'Android'
      : /iPhone|iPad/.test(userAgent)
        ? 'iOS'
        : /Mac OS X/.test(userAgent)
          ? 'macOS'
          : /Linux/.test(userAgent)
            ? 'Linux'
            : '';
  return os ? `${browser} on ${os}` : browser;
}
