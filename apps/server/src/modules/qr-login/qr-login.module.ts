import type { Kysely } from 'kysely';
import type { Config } from '../../config.js';
import type { DB } from '../../infra/db/schema.js';
import { routes, type ModuleWith } from '../../infra/module-manifest.js';
import { minutes } from '../../shared/time.js';
import type { AuthService } from '../auth/auth.public.js';
import { QrLoginService } from './qr-login.service.js';
import { SilentLoginService } from './silent-login.service.js';
import { qrLoginRoutes } from './qr-login.routes.js';
import { purgeAccount as purgeQrLogins } from './qr-login.repository.js';

export const PURGE_QR_LOGIN_SCHEDULE = 'qr-login.purge-expired';

/** QR sign-in and the operator's silent sign-in: two ways in that end in an AuthService session. */
export function qrLoginModule(d: { db: Kysely<DB>; config: Config; auth: AuthService }): ModuleWith<QrLoginService> {
  const qr = new QrLoginService({ db: d.db, auth: d.auth });
  const silent = new SilentLoginService({ db: d.db, auth: d.auth, config: d.config.silentLogin });
  const authRateLimit = d.config.authRateLimitPerMinute;
  return {
    name: 'qr-login',
    routes: routes(qrLoginRoutes, {
      qr,
      silent,
      publicUrl: d.config.publicUrl,
      authRateLimit,
      // The waiting screen polls every 2 s or so for two minutes: a looser budget of its own per IP.
      pollRateLimit: Math.max(60, authRateLimit * 4),
    }),
    schedules: [{ name: PURGE_QR_LOGIN_SCHEDULE, everyMs: minutes(60), run: () => qr.purgeExpired() }],
    tables: ['qr_login', 'silent_login_jti'],
    purgeAccount: (account) => purgeQrLogins(d.db, account.id),
    service: qr,
  };
}
