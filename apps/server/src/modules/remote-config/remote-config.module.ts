import type { Kysely } from 'kysely';
import type { DB } from '../../infra/db/schema.js';
import { routes, type ModuleWith } from '../../infra/module-manifest.js';
import { RemoteConfigService, remoteConfigRoutes } from './remote-config.routes.js';

export function remoteConfigModule(d: { db: Kysely<DB> }): ModuleWith<RemoteConfigService> {
  const remoteConfig = new RemoteConfigService(d.db);
  return {
    name: 'remote-config',
    routes: routes(remoteConfigRoutes, { remoteConfig }),
    tables: ['remote_config', 'remote_config_key', 'remote_config_version'],
    service: remoteConfig,
  };
}
