import type { Kysely } from 'kysely';
import type { DB } from '../../infra/db/schema.js';
import { routes, type ModuleWith } from '../../infra/module-manifest.js';
import type { AccessPolicy } from '../../shared/access/access-policy.js';
import type { DerivativeLinks } from '../files/files.public.js';
import { ShareLinkService, type Downloads, type ShareLinkDeps } from './share-link.service.js';
import { shareLinkRoutes, type ShareLinkLimits } from './share-link.routes.js';
import { LinkKey } from './share-link.token.js';
import { purgeAccount } from './share-link.repository.js';

export function shareLinkModule(d: {
  db: Kysely<DB>;
  jobs: ShareLinkDeps['jobs'];
  access: AccessPolicy;
  links: DerivativeLinks;
  downloads: Downloads;
  key: { configured: string | null; file: string };
  limits: ShareLinkLimits;
}): ModuleWith<ShareLinkService> {
  const links = new ShareLinkService({ ...d, key: LinkKey.load(d.key.configured, d.key.file) });
  return {
    name: 'share-link',
    routes: routes(shareLinkRoutes, { links, limits: d.limits }),
    tables: ['share_link', 'share_link_item'],
    purgeAccount: (account) => purgeAccount(d.db, account.id),
    service: links,
  };
}
