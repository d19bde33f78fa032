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
// Refreshing last_seen on every request would write on every read; once a minute is plenty for a sliding expiry.
const TOUCH_EVERY = minutes(1);

export function normalisePhone(input: string): string | null {
  const compact = input.replace(/[\s()-]/g, '');
  if (!/^(\+|00)?\d{6,15}$/.test(compact)) return null;
  return compact.startsWith('+') ? compact : compact.startsWith('00') ? `+${compact.slice(2)}` : compact;
}

export class AuthService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly config: Pick<Config, 'sessionTtlMinutes' | 'rememberMeTtlDays'>,
    private readonly captcha: CaptchaService,
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
    await this.captcha.gate('LOGIN', input.ip, who, input.captcha);
    const ok = await verifyPassword(account?.password_hash ?? null, input.password);
    if (!account || !ok) {
      await this.captcha.recordFailure('LOGIN', input.ip, who);
      throw InvalidCredentials();
    }
    await this.captcha.clearFailures('LOGIN', who);
    const device: DeviceInfo = { uuid: newId(), name: deviceName(input.userAgent), deviceType: 'WEB' };
    return this.db.transaction().execute((trx) => this.issue(trx, account.id, device, input.rememberMe ? newId() : null));
  }

  /** Opens a session (and, when a family id is given, a remember-me token in that rotation family). */
  async issue(db: Executor, accountId: string, device: DeviceInfo, rememberFamily: string | null): Promise<IssuedSession> {
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
    let rememberMeToken: string | null = null;
    if (rememberFamily) {
      rememberMeToken = newToken();
      await repo.createRememberMe(db, {
        id: newId(),
        account_id: accountId,
        family_id: rememberFamily,
        token_hash: hashToken(rememberMeToken),
        created_at: at,
        expires_at: at + days(this.config.rememberMeTtlDays),
        used_at: null,
        revoked_at: null,
      });
    }
    return { token, rememberMeToken, accountId, deviceInfo: device, latestActivityId: sessionId };
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
   * Trades a remember-me token for a new session and a new remember-me token. Each token works once;
   * presenting a used one means it was stolen or replayed, so the whole family and its sessions die.
   */
  async refresh(rememberMeToken: string, device: DeviceInfo): Promise<IssuedSession> {
    const at = Date.now();
    const row = await repo.getRememberMeByHash(this.db, hashToken(rememberMeToken));
    if (!row || row.revoked_at !== null || row.expires_at <= at) throw Unauthorized('Remember-me token is not valid.');
    return this.db.transaction().execute(async (trx) => {
      if (!(await repo.useRememberMe(trx, row.id, at))) {
        await repo.revokeFamily(trx, row.family_id, at);
        await repo.revokeSessionsOfFamily(trx, row.family_id, at);
        return null;
      }
      return this.issue(trx, row.account_id, device, row.family_id);
    }).then((issued) => {
      if (!issued) throw Unauthorized('Remember-me token was already used.');
      return issued;
    });
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
  purgeExpired(at = Date.now()): Promise<{ sessions: number; rememberMe: number }> {
    return repo.purgeExpired(this.db, at, days(1));
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
