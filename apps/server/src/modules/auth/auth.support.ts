import type { Executor } from '../../infra/db/executor.js';
import type { Account } from '../account/account.identity.public.js';
import * as repo from './auth.repository.js';
import * as lockouts from './login-lockout.repository.js';
import * as twoFactor from './two-factor.repository.js';
import { lockoutKey } from './login-lockout.js';

// What the operator console reads and changes of an account's sign-in (issue 27): devices and sessions, which second
// factors it has (never a secret), the sign-in history and the lockout. Writers take the caller's transaction, so the
// change and its audit record commit together.

export interface SecurityOverview {
  sessions: Array<{ id: string; deviceName: string; deviceType: string; createdAt: number; lastSeenAt: number }>;
  twoFactor: { enabled: boolean; methods: Array<'SMS' | 'EMAIL' | 'TOTP'>; recoveryCodesLeft: number };
  signIns: Array<{ at: number; ip: string; deviceType: string; result: string }>;
  lockout: { failures: number; level: number; lockedUntil: number | null } | null;
}

export async function securityOverview(db: Executor, account: Account, at: number): Promise<SecurityOverview> {
  const [sessions, tf, codesLeft, signIns, lock] = await Promise.all([
    repo.listLiveSessions(db, account.id, at),
    twoFactor.get(db, account.id),
    twoFactor.countRecoveryCodesLeft(db, account.id),
    repo.listSignIns(db, account.id, 50),
    lockouts.get(db, lockoutKey(account.id)),
  ]);
  const enabled = tf?.enabled === 1;
  const methods: Array<'SMS' | 'EMAIL' | 'TOTP'> = [];
  if (enabled) {
    // The same second factors a sign-in offers (two-factor.service.ts methodsOf).
    if (account.phone_verified_at !== null) methods.push('SMS');
    methods.push('EMAIL');
    if (tf?.totp_secret) methods.push('TOTP');
  }
  return {
    sessions: sessions.map((s) => ({ id: s.id, deviceName: s.device_name, deviceType: s.device_type, createdAt: s.created_at, lastSeenAt: s.last_seen_at })),
    twoFactor: { enabled, methods, recoveryCodesLeft: codesLeft },
    signIns: signIns.map((s) => ({ at: s.at, ip: s.ip, deviceType: s.device_type, result: s.result })),
    lockout: lock ? { failures: lock.failures, level: lock.level, lockedUntil: lock.locked_until > at ? lock.locked_until : null } : null,
  };
}

/** Two-factor sign-in off, the authenticator secret and recovery codes gone, open second steps ended. */
export async function removeTwoFactor(trx: Executor, accountId: string, at: number): Promise<{ hadTotp: boolean; wasEnabled: boolean }> {
  const row = await twoFactor.get(trx, accountId);
  await twoFactor.upsert(trx, accountId, { enabled: 0, totp_secret: null, totp_pending_secret: null, totp_pending_at: null, totp_last_step: null }, at);
  await twoFactor.replaceRecoveryCodes(trx, accountId, [], at);
  await twoFactor.endChallengesOfAccount(trx, accountId, at);
  return { hadTotp: Boolean(row?.totp_secret), wasEnabled: row?.enabled === 1 };
}

/** Ends the account's sign-in lockout and its streak; answers what there was. */
export async function liftLockout(trx: Executor, accountId: string, at: number): Promise<{ locked: boolean; failures: number }> {
  const row = await lockouts.get(trx, lockoutKey(accountId));
  await lockouts.clear(trx, lockoutKey(accountId));
  return { locked: row !== undefined && row.locked_until > at, failures: row?.failures ?? 0 };
}
