import type { Kysely } from 'kysely';
import type { DB } from '../../infra/db/schema.js';
import { DavError } from '../../infra/dav/dav-errors.js';
import type { AuthContext } from '../../shared/auth-context.js';
import { NotFound, Conflict } from '../../shared/errors.js';
import { hashToken, newId, newTypableToken } from '../../shared/tokens.js';
import { hitWindow } from '../../infra/rate-limit/fixed-window.js';
import { AccountLocked, normalisePhone, type LoginLockout } from '../auth/auth.public.js';
import { getByEmail, getByPhoneE164, type Account } from '../account/account.identity.public.js';
import { isSuspended } from '../account/account.support.public.js';
import * as repo from './webdav.repository.js';
import type { AppPasswordRow, AppPasswordScope } from './webdav.table.js';

/** More than this many devices is a leak, not a household. */
export const MAX_APP_PASSWORDS = 50;
/** Failed DAV sign-ins per address are counted in windows of this length, like sign-in's per-minute budget. */
const FAILURE_WINDOW_MS = 60_000;
/** "Last used" is written at most this often, so a busy mount does not write on every request. */
const TOUCH_EVERY_MS = 60_000;

export interface AppPasswordDto {
  id: string;
  name: string;
  scope: AppPasswordScope;
  createdAt: number;
  lastUsedAt: number | null;
}

const toDto = (r: AppPasswordRow): AppPasswordDto => ({
  id: r.id,
  name: r.name,
  scope: r.scope,
  createdAt: Number(r.created_at),
  lastUsedAt: r.last_used_at === null ? null : Number(r.last_used_at),
});

/** The streak of failed DAV sign-ins of an account: its own, so a stale password in a client cannot lock the web. */
const davLockoutKey = (accountId: string) => `dav:${accountId}`;

/**
 * Device passwords for DAV clients (WebDAV here, CardDAV for contacts): created with a name and a scope, shown
 * once, kept as a SHA-256 hash (256 random bits need no slow hash), revocable, and failures locked out like sign-in.
 */
export class AppPasswordService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly lockout: LoginLockout,
    /** Failed sign-ins one address may make per minute (sign-in's AUTH_RATE_LIMIT_PER_MINUTE). */
    private readonly failuresPerMinute: number,
    private readonly clock: () => number = Date.now,
  ) {}

  async list(auth: Pick<AuthContext, 'accountId'>): Promise<{ items: AppPasswordDto[] }> {
    return { items: (await repo.listPasswords(this.db, auth.accountId)).map(toDto) };
  }

  async create(auth: Pick<AuthContext, 'accountId'>, name: string, scope: AppPasswordScope): Promise<AppPasswordDto & { password: string }> {
    if ((await repo.countPasswords(this.db, auth.accountId)) >= MAX_APP_PASSWORDS) {
      throw Conflict('TOO_MANY_APP_PASSWORDS', `At most ${MAX_APP_PASSWORDS} app passwords.`);
    }
    // Pasted into WebDAV clients and command lines (rclone, litmus): see newTypableToken.
    const password = newTypableToken();
    const row = { id: newId(), account_id: auth.accountId, name: name.trim(), scope, token_hash: hashToken(password), created_at: this.clock(), last_used_at: null };
    await repo.insertPassword(this.db, row);
    return { ...toDto(row), password };
  }

  async revoke(auth: Pick<AuthContext, 'accountId'>, id: string): Promise<void> {
    if (!(await repo.deletePassword(this.db, auth.accountId, id))) throw NotFound('App password not found.');
  }

  /**
   * Signs a DAV request in from its Basic credentials: the username is the account's e-mail or phone, the password
   * an app password of the scope. Checked on every request, so a revoked password or a suspended account stops a
   * mounted client at once.
   */
  async authenticate(header: string | undefined, scope: AppPasswordScope, ip: string): Promise<AuthContext> {
    const creds = parseBasic(header);
    if (!creds) throw new DavError(401, null, 'Sign in with your e-mail or phone and an app password.');
    // An address that keeps failing (guessing across accounts) is refused before any credential is checked.
    if ((await repo.recentFailures(this.db, ip, Date.now() - FAILURE_WINDOW_MS)) >= this.failuresPerMinute) {
      throw new DavError(429, null, 'Too many failed sign-ins. Try again later.');
    }
    const account = await this.findAccount(creds.user);
    if (!account || account.status === 'DELETED') {
      await this.countFailure(ip);
      throw new DavError(401, null, 'Wrong username or app password.');
    }
    const key = davLockoutKey(account.id);
    try {
      await this.lockout.assertOpen(key);
    } catch (err) {
      if (err instanceof AccountLocked) throw new DavError(429, null, err.message);
      throw err;
    }
    const row = await repo.findPassword(this.db, account.id, hashToken(creds.password));
    if (!row || row.scope !== scope) {
      await this.countFailure(ip);
      await this.lockout.recordFailure(key, account);
      throw new DavError(401, null, 'Wrong username or app password.');
    }
    if (await isSuspended(this.db, account.id)) throw new DavError(403, null, 'This account is suspended.');
    const at = this.clock();
    if (row.last_used_at === null || at - Number(row.last_used_at) > TOUCH_EVERY_MS) await repo.touchPassword(this.db, account.id, row.id, at);
    return {
      accountId: account.id,
      sessionId: `app-password:${row.id}`,
      status: account.status === 'READ_ONLY' ? 'READ_ONLY' : 'ACTIVE',
      projectId: account.project_id,
      usage: { usedBytes: Number(account.used_bytes), quotaBytes: Number(account.quota_bytes) },
    };
  }

  private async countFailure(ip: string): Promise<void> {
    await hitWindow(this.db, 'request_counter', repo.failureKey(ip), FAILURE_WINDOW_MS);
  }

  private async findAccount(user: string): Promise<Account | undefined> {
    const trimmed = user.trim();
    if (trimmed.includes('@')) return getByEmail(this.db, trimmed.toLowerCase());
    const phone = normalisePhone(trimmed);
    return phone ? getByPhoneE164(this.db, phone.startsWith('+') ? phone : `+${phone}`) : undefined;
  }
}

function parseBasic(header: string | undefined): { user: string; password: string } | null {
  const m = header ? /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header) : null;
  if (!m) return null;
  const decoded = Buffer.from(m[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon <= 0) return null;
  return { user: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}
