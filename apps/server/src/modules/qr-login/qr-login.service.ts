import type { Kysely } from 'kysely';
import type { DB } from '../../infra/db/schema.js';
import type { AuthContext } from '../../shared/auth-context.js';
import { AppError, NotFound } from '../../shared/errors.js';
import { hashToken, newId, newToken } from '../../shared/tokens.js';
import { deviceName, type AuthService, type DeviceInfo, type IssuedSession } from '../auth/auth.public.js';
import * as repo from './qr-login.repository.js';

export const QR_SECONDS = 120;

const Gone = () => NotFound('This QR code has expired or is not valid.');
/** The waiting screen's "not yet": a 401 the client must not answer with a token refresh (spec). */
const Pending = () => new AppError(401, 'QR_PENDING', 'Waiting for approval on a signed-in device.');

/**
 * QR sign-in: a screen that is not signed in shows a code; a device that is signed in approves it; the waiting screen,
 * polling with its own secret token, then gets a session once. Code and token are separate 256-bit secrets, so
 * photographing the QR code is not enough to collect the session. Approval by a signed-in device stands for both
 * factors (that device passed them), so no second step follows.
 */
export class QrLoginService {
  constructor(private readonly d: { db: Kysely<DB>; auth: AuthService }) {}

  async start(who: { ip: string; userAgent: string; origin: string }) {
    const token = newToken();
    const code = newToken();
    const at = Date.now();
    await repo.create(this.d.db, {
      id: newId(),
      token_hash: hashToken(token),
      code_hash: hashToken(code),
      device_name: deviceName(who.userAgent),
      ip: who.ip.slice(0, 64),
      status: 'PENDING',
      account_id: null,
      created_at: at,
      expires_at: at + QR_SECONDS * 1000,
      decided_at: null,
    });
    return { token, code, approveUrl: `${who.origin}/main/qr-approve?code=${encodeURIComponent(code)}`, expiresInSeconds: QR_SECONDS };
  }

  async poll(token: string, device: DeviceInfo, rememberMe: boolean): Promise<IssuedSession> {
    const at = Date.now();
    const row = await repo.getByTokenHash(this.d.db, hashToken(token));
    if (!row || row.expires_at <= at || row.status === 'REJECTED' || row.status === 'USED' || (row.status === 'APPROVED' && !row.account_id)) {
      throw Gone();
    }
    if (row.status === 'PENDING') throw Pending();
    const accountId = row.account_id as string;
    const issued = await this.d.db.transaction().execute(async (trx) => {
      if (!(await repo.markUsed(trx, row.id, at))) return null;
      return this.d.auth.issue(trx, accountId, device, rememberMe ? newId() : null);
    });
    if (!issued) throw Gone();
    return issued;
  }

  /** What the approving device shows before the user decides: where the request comes from. */
  async request(_auth: AuthContext, code: string) {
    const at = Date.now();
    const row = await repo.getPendingByCodeHash(this.d.db, hashToken(code), at);
    if (!row) throw Gone();
    return { deviceName: row.device_name, ip: row.ip, createdAt: row.created_at, expiresInSeconds: Math.max(0, Math.ceil((row.expires_at - at) / 1000)) };
  }

  async approve(auth: AuthContext, code: string): Promise<void> {
    if (!(await repo.decide(this.d.db, hashToken(code), 'APPROVED', auth.accountId, Date.now()))) throw Gone();
  }

  async reject(auth: AuthContext, code: string): Promise<void> {
    if (!(await repo.decide(this.d.db, hashToken(code), 'REJECTED', auth.accountId, Date.now()))) throw Gone();
  }

  purgeExpired(at = Date.now()) {
    return repo.purgeExpired(this.d.db, at);
  }
}
