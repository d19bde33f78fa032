import type { Kysely } from 'kysely';
import type { DB } from '../../infra/db/schema.js';
import type { Config } from '../../config.js';
import { AppError, NotFound } from '../../shared/errors.js';
import { hashToken } from '../../shared/tokens.js';
import * as accounts from '../account/account.identity.public.js';
import type { AuthService, IssuedSession, TwoFactorRequired } from '../auth/auth.public.js';
import * as repo from './qr-login.repository.js';
import { publicJwtKey, verifyJws, type JwtKey } from './jwt.js';

export const SILENT_AUDIENCE = 'bulut';
/** The longest life a gateway may give a token (exp - iat). */
export const MAX_LIFETIME_SECONDS = 300;
/** Clock difference tolerated between the gateway and us, for iat only: exp is never stretched. */
const SKEW_SECONDS = 30;

// One answer for every refusal: a caller learns nothing about which check failed.
const Refused = () => new AppError(401, 'INVALID_TOKEN', 'The sign-in token is not valid.');

/**
 * Operator silent sign-in: the operator's gateway, which knows the subscriber from the mobile network, signs a short
 * JWT naming the phone number; we check signature, issuer, audience, lifetime and single use, then sign the account in.
 * The network's proof counts as one factor: an account with two-factor on still gets the second step.
 */
export class SilentLoginService {
  private readonly keys: JwtKey[];

  constructor(
    private readonly d: { db: Kysely<DB>; auth: AuthService; config: Config['silentLogin'] },
  ) {
    const c = d.config;
    this.keys = c ? [...(c.secret ? [{ kind: 'hmac' as const, secret: c.secret }] : []), ...(c.publicKey ? [publicJwtKey(c.publicKey)] : [])] : [];
  }

  async login(token: string, opts: { rememberMe: boolean; userAgent: string; ip?: string }): Promise<IssuedSession | TwoFactorRequired> {
    const config = this.d.config;
    if (!config) throw NotFound('Silent sign-in is not available.');
    const claims = verifyJws(token, this.keys);
    if (!claims) throw Refused();
    const now = Math.floor(Date.now() / 1000);
    const { iss, aud, exp, iat, jti } = claims;
    const phone = typeof claims.msisdn === 'string' ? claims.msisdn : claims.sub;
    const audOk = aud === SILENT_AUDIENCE || (Array.isArray(aud) && aud.includes(SILENT_AUDIENCE));
    if (
      iss !== config.issuer ||
      !audOk ||
      typeof exp !== 'number' ||
      typeof iat !== 'number' ||
      exp <= now ||
      iat > now + SKEW_SECONDS ||
      exp <= iat ||
      exp - iat > MAX_LIFETIME_SECONDS ||
      typeof jti !== 'string' ||
      jti.length < 8 ||
      jti.length > 200 ||
      typeof phone !== 'string' ||
      !/^\+[1-9]\d{5,14}$/.test(phone)
    ) {
      throw Refused();
    }
    // Used up before anything else, so a replay fails even while the first use is still signing in.
    if (!(await repo.useJti(this.d.db, hashToken(`${iss}\n${jti}`), exp * 1000))) throw Refused();
    const account = await accounts.getByPhoneE164(this.d.db, phone);
    if (!account) throw new AppError(404, 'ACCOUNT_NOT_FOUND', 'No account has this phone number.', 'msisdn');
    return this.d.auth.signIn(account.id, { rememberMe: opts.rememberMe, userAgent: opts.userAgent, ip: opts.ip });
  }
}
