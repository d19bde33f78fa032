import type { Kysely } from 'kysely';
import type { Config } from '../../config.js';
import type { DB } from '../../infra/db/schema.js';
import { routes, type ModuleWith } from '../../infra/module-manifest.js';
import { loadOrCreateKey } from '../../shared/key-file.js';
import { SecretBox } from '../../shared/totp.js';
import { operatorsRoutes } from './operators.routes.js';
import { OperatorsService } from './operators.service.js';

/** The console's principal (issue 27): operators, their set-up links and sessions, and their management. */
export function operatorsModule(d: { db: Kysely<DB>; config: Config; clock?: () => number }): ModuleWith<OperatorsService> {
  // The subscribers' two-factor key seals operators' authenticator secrets and sign-in challenges too.
  const box = new SecretBox(loadOrCreateKey(d.config.twoFactorKey, d.config.twoFactorKeyFile, 'two-factor'));
  const operators = new OperatorsService(d.db, box, d.config.publicUrl, d.clock);
  return {
    name: 'operators',
    routes: routes(operatorsRoutes, { operators, authRateLimit: d.config.opsAuthRateLimitPerMinute }),
    tables: ['operator', 'operator_setup', 'operator_session'],
    service: operators,
  };
}
