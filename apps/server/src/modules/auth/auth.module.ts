import type { Kysely } from 'kysely';
import type { Config } from '../../config.js';
import type { DB } from '../../infra/db/schema.js';
import { routes, type ModuleWith } from '../../infra/module-manifest.js';
import { AuthService } from './auth.service.js';
import { authRoutes } from './auth.routes.js';
import { SecretBox } from '../../shared/totp.js';
import { loadOrCreateKey } from '../../shared/key-file.js';
import { minutes } from '../../shared/time.js';
import { purgeAccount } from './auth.repository.js';
import type { RowChanges } from '../../infra/db/row-changes.js';

export const PURGE_SESSIONS_SCHEDULE = 'auth.purge-expired';

export function authModule(d: {
  db: Kysely<DB>;
  config: Config;
  captcha: ConstructorParameters<typeof AuthService>[2];
  messages: ConstructorParameters<typeof AuthService>[3];
  /** Answers the health route: whether the database and the blob store respond. */
  health: () => Promise<{ database: boolean; blobStore: boolean }>;
  /** The database's session and account changes, which the session cache forgets by (infra/db/row-changes.ts). */
  rowChanges?: RowChanges;
}): ModuleWith<AuthService> {
  const box = new SecretBox(loadOrCreateKey(d.config.twoFactorKey, d.config.twoFactorKeyFile, 'two-factor'));
  const auth = new AuthService(d.db, d.config, d.captcha, d.messages, box, d.rowChanges);
  return {
    name: 'auth',
    routes: routes(authRoutes, { auth, twoFactor: auth.twoFactor, health: d.health, authRateLimit: d.config.authRateLimitPerMinute }),
    schedules: [{ name: PURGE_SESSIONS_SCHEDULE, everyMs: minutes(60), run: () => auth.purgeExpired() }],
    tables: ['session', 'remember_me_token', 'login_lockout', 'two_factor', 'two_factor_recovery_code', 'two_factor_challenge', 'sign_in_event'],
    purgeAccount: (account) => purgeAccount(d.db, account),
    service: auth,
  };
}
