import { createHmac } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../infra/db/schema.js';
import type { Executor } from '../../infra/db/executor.js';
import type { Config } from '../../config.js';
import { NotFound, Unauthorized, AppError } from '../../shared/errors.js';
import { hashToken, newId, newToken } from '../../shared/tokens.js';
import { days, minutes } from '../../shared/time.js';
import { verifyPassword } from '../../shared/password.js';
import * as accounts from '../account/account.identity.public.js';
import * as accountSupport from '../account/account.support.public.js';
import type { SignInResult } from './auth.table.js';
import type { Account } from '../account/account.identity.public.js';
import type { CaptchaService } from '../captcha/captcha.public.js';
import * as repo from './auth.repository.js';
import type { MessageJobs } from '../../infra/jobs/message-jobs.js';
import type { AuthContext } from '../../shared/auth-context.js';
import { TwoFactorService, type ProofMethod, type TwoFactorRequired } from './two-factor.service.js';
import { LoginLockout, lockoutKey } from './login-lockout.js';
import type { SecretBox } from '../../shared/totp.js';
import type { RowChanges } from '../../infra/db/row-changes.js';
import { SessionCache } from './session-cache.js';

export { AccountLocked, LOCKOUT_STEPS } from './login-lockout.js';
export type { DeviceInfo, IssuedSession } from './auth.types.js';
import type { DeviceInfo, IssuedSession } from './auth.types.js';


export interface SignedInDevice {
  id: string;
  deviceName: string;
  deviceType: string;
  createdAt: number;
  lastSeenAt: number;
  current: boolean;
}


const InvalidCredentials = () => new AppError(401, 'INVALID_CREDENTIALS', 'Invalid username or password.');
/** Bulut support suspended the account (issue 27): told only after the right password, so it says nothing to a guesser. */
export const AccountSuspended = () => new AppError(403, 'ACCOUNT_SUSPENDED', 'This account is suspended. Please contact Bulut support.');
/** Sign-in history is kept this long. */
export const SIGN_IN_HISTORY_DAYS = 90;

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
  private readonly lockout: LoginLockout;
  /** Two-factor sign-in: its settings routes use it directly; every sign-in here goes through it. */
  readonly twoFactor: TwoFactorService;
  /** Signed-in sessions answered without a read (issue 28); none when no change feed is given. */
  private readonly sessions: SessionCache | null;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly config: Pick<Config, 'sessionTtlMinutes' | 'rememberMeTtlDays' | 'loginLockoutThreshold'>,
    private readonly captcha: CaptchaService,
    messages: MessageJobs,
    /** Seals authenticator secrets with the server's key (kept outside the database). */
    box: SecretBox,
    /** The database's session and account changes: with them, sessions are cached until one names them. */
    changes?: RowChanges,
  ) {
    this.sessions = changes ? new SessionCache(changes) : null;
    this.lockout = new LoginLockout(db, config, messages);
    this.twoFactor = new TwoFactorService({ db, lockout: this.lockout, messages, box });
  }

  async login(input: {
    username: string;
    password: string;
    rememberMe: boolean;
    ip: string;
    userAgent: string;
    captcha: { id?: string; answer?: string };
  }): Promise<IssuedSession | TwoFactorRequired> {
    const username = input.username.trim().toLowerCase();
    const account = await this.findByUsername(username);
    // Count failures per account, not per spelling: e-mail, +90…, national number and spaced variants share one budget.
    const who = account ? lockoutKey(account.id) : username;
    const record = (result: SignInResult) => (account ? this.recordSignIn(account.id, result, input.ip, 'WEB') : Promise.resolve());
    // Locked before anything else: neither a solved captcha nor the right password gets through, and the
    // password is not even checked. Unknown usernames lock the same way, so a lockout says nothing about existence.
    const streak = await this.lockout.assertOpen(who).catch(async (err: unknown) => {
      await record('LOCKED');
      throw err;
    });
    await this.captcha.gate('LOGIN', input.ip, who, input.captcha);
    const ok = await verifyPassword(account?.password_hash ?? null, input.password);
    if (!account || !ok) {
      await this.captcha.recordFailure('LOGIN', input.ip, who);
      await this.lockout.recordFailure(who, account);
      await record('WRONG_PASSWORD');
      throw InvalidCredentials();
    }
    await this.captcha.clearFailures('LOGIN', who);
    if (account.suspended_at !== null) {
      await record('SUSPENDED');
      throw AccountSuspended();
    }
    const device: DeviceInfo = { uuid: newId(), name: deviceName(input.userAgent), deviceType: 'WEB' };
    const result = await this.signInVerified(account, device, input.rememberMe);
    // The second step records its own outcome when it completes.
    if (!('twoFactorRequired' in result)) await record('SUCCESS');
    // Only a complete sign-in ends the streak: were the right password enough, wrong second-step codes could be
    // guessed without end by signing in again between tries.
    if (streak && !('twoFactorRequired' in result)) await this.lockout.clear(who);
    return result;
  }

  /**
   * Signs in an account whose first factor another module proved (Google/Apple, the operator's silent token): a session,
   * or TwoFactorRequired when the account has two-factor sign-in on (such a proof counts as ONE factor).
   * `userAgent` names the device when no `device` is given.
   */
  async signIn(
    accountId: string,
    opts: { rememberMe: boolean; userAgent?: string; device?: DeviceInfo; ip?: string },
  ): Promise<IssuedSession | TwoFactorRequired> {
    const account = await accounts.getById(this.db, accountId);
    if (!account) throw NotFound('Account not found.');
    const device = opts.device ?? { uuid: newId(), name: deviceName(opts.userAgent ?? ''), deviceType: 'WEB' as const };
    if (account.suspended_at !== null) {
      await this.recordSignIn(account.id, 'SUSPENDED', opts.ip ?? '', device.deviceType);
      throw AccountSuspended();
    }
    const result = await this.signInVerified(account, device, opts.rememberMe);
    if (!('twoFactorRequired' in result)) await this.recordSignIn(account.id, 'SUCCESS', opts.ip ?? '', device.deviceType);
    return result;
  }

  /** Writes one line of the account's sign-in history (issue 27). */
  recordSignIn(accountId: string, result: SignInResult, ip: string, deviceType: string): Promise<void> {
    return repo.recordSignIn(this.db, { id: newId(), account_id: accountId, at: Date.now(), ip: ip.slice(0, 64), device_type: deviceType.slice(0, 16), result });
  }

  private signInVerified(account: Account, device: DeviceInfo, rememberMe: boolean): Promise<IssuedSession | TwoFactorRequired> {
    return this.db.transaction().execute(
      async (trx) => (await this.twoFactor.begin(trx, account, device, rememberMe)) ?? this.issue(trx, account.id, device, rememberMe ? newId() : null),
    );
  }

  /** Completes a sign-in that answered TwoFactorRequired: the session opens with the device and choice it began with. */
  completeTwoFactor(input: { challengeToken: string; method: ProofMethod; code: string; ip?: string }, rememberMe: boolean): Promise<IssuedSession> {
    return this.twoFactor.complete(
      input,
      (trx, accountId, device, remember) => this.issue(trx, accountId, device, remember ? newId() : null),
      rememberMe,
      (accountId, result, deviceType) => this.recordSignIn(accountId, result, input.ip ?? '', deviceType),
    );
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
    // Every way in ends here (second step, remember-me, QR): a suspended account gets no session (issue 27).
    if (await accountSupport.isSuspended(db, accountId)) throw AccountSuspended();
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
    const tokenHash = hashToken(token);
    const cached = this.sessions?.get(tokenHash, at);
    if (cached && at - cached.lastSeenAt <= TOUCH_EVERY) return cached.ctx;
    const mark = this.sessions?.mark() ?? 0;
    const session = await repo.getLiveSessionByHash(this.db, tokenHash, at);
    // A deleted account's sessions are ended when deletion is asked for; this also holds while its job runs. A suspended
    // account's are ended by the suspension; this holds whatever slipped through. Neither is cached: each try reads.
    if (!session || session.status === 'DELETED' || session.suspended_at !== null) return null;
    const ctx: AuthContext = {
      accountId: session.account_id,
      sessionId: session.id,
      status: session.status,
      projectId: session.project_id,
      usage: { usedBytes: session.used_bytes, quotaBytes: session.quota_bytes },
    };
    if (at - session.last_seen_at > TOUCH_EVERY) {
      // The touch is a change of the session row: the cache forgets it, and the next request reads it again.
      await repo.touchSession(this.db, session.id, at, at + minutes(this.config.sessionTtlMinutes));
      return ctx;
    }
    this.sessions?.put(tokenHash, mark, { ctx, lastSeenAt: session.last_seen_at, expiresAt: session.expires_at }, at);
    return ctx;
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
        // The same rule as every other way in (`issue`): a suspended account gets no session.
        if (await accountSupport.isSuspended(this.db, used.account_id)) throw AccountSuspended();
        const session = await this.openSession(this.db, used.account_id, device, used.family_id);
        return { ...session, rememberMeToken: successor };
      }
    }
    await this.db.transaction().execute(async (trx) => {
      await repo.revokeFamily(trx, row.family_id, at);
      await repo.revokeSessionsOfFamily(trx, row.account_id, row.family_id, at);
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
        await repo.revokeSessionsOfFamily(trx, auth.accountId, family, at);
      }
    });
  }

  /**
   * Ends every session and remember-me token of an account (a password change or recovery, an account deletion), or
   * every one but the caller's own sign-in (`except`: its session and the remember-me family it came from).
   * Pass the caller's transaction so the change and the sign-outs commit together.
   */
  async endSessions(accountId: string, opts: { except?: string; db?: Executor } = {}): Promise<number> {
    const at = Date.now();
    const run = async (trx: Executor) => {
      const family = opts.except ? (await repo.getSessionFamily(trx, opts.except))?.remember_family : null;
      await repo.revokeRememberMeOfAccount(trx, accountId, at, family);
      return repo.revokeSessionsOfAccount(trx, accountId, at, opts.except);
    };
    return opts.db ? run(opts.db) : this.db.transaction().execute(run);
  }

  /** The account's signed-in devices (live sessions), the caller's own marked. */
  async listSessions(auth: AuthContext): Promise<SignedInDevice[]> {
    const rows = await repo.listLiveSessions(this.db, auth.accountId, Date.now());
    return rows.map((r) => ({
      id: r.id,
      deviceName: r.device_name,
      deviceType: r.device_type,
      createdAt: r.created_at,
      lastSeenAt: r.last_seen_at,
      current: r.id === auth.sessionId,
    }));
  }

  /** Ends one of the caller's sessions (and the remember-me family it came from); another account's id is 404. */
  async endSession(auth: AuthContext, sessionId: string): Promise<void> {
    const at = Date.now();
    const ended = await this.db.transaction().execute(async (trx) => {
      const session = await repo.getLiveSessionOfAccount(trx, auth.accountId, sessionId, at);
      if (!session) return false;
      await repo.revokeSession(trx, session.id, at);
      // The device's remember-me family goes too, or it would sign itself straight back in.
      if (session.remember_family) {
        await repo.revokeFamily(trx, session.remember_family, at);
        await repo.revokeSessionsOfFamily(trx, auth.accountId, session.remember_family, at);
      }
      return true;
    });
    if (!ended) throw NotFound('Session not found.');
  }

  /** A completed password recovery ends the account's sign-in lockout streak and its sign-in captcha budget. */
  async clearLoginLockout(accountId: string): Promise<void> {
    await this.lockout.clear(lockoutKey(accountId));
    await this.captcha.clearFailures('LOGIN', lockoutKey(accountId));
  }

  /** The account a sign-in name (e-mail, +E.164, 00…, or a national number unique across countries) belongs to. */
  async findByUsername(username: string): Promise<Account | undefined> {
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
  async purgeExpired(at = Date.now()): Promise<{ sessions: number; rememberMe: number; lockouts: number; challenges: number; signIns: number }> {
    const purged = await repo.purgeExpired(this.db, at, days(1));
    return {
      ...purged,
      lockouts: await this.lockout.purgeOld(at),
      challenges: await this.twoFactor.purgeExpired(at),
      signIns: await repo.purgeSignInsBefore(this.db, at - days(SIGN_IN_HISTORY_DAYS)),
    };
  }
}

/** A device's name from its browser's user agent: "Chrome on Windows". */
export function deviceName(userAgent: string): string {
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
