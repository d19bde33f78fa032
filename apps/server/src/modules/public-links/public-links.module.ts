import type { Kysely } from 'kysely';
import type { DB } from '../../infra/db/schema.js';
import { routes, type ModuleWith } from '../../infra/module-manifest.js';
import type { AccessPolicy } from '../../shared/access/access-policy.js';
import type { AlbumStreams } from '../albums/albums.public.js';
import type { DerivativeLinks } from '../files/files.public.js';
import { PublicLinksService, type Downloads, type PublicLinksDeps } from './public-links.service.js';
import { publicLinksRoutes, type PublicLinksLimits } from './public-links.routes.js';
import { LinkKey } from './public-links.token.js';
import { purgeAccount } from './public-links.repository.js';
import { exportLinks } from './public-links.export.js';

export function publicLinksModule(d: {
  db: Kysely<DB>;
  jobs: PublicLinksDeps['jobs'];
  access: AccessPolicy;
  links: DerivativeLinks;
  downloads: Downloads;
  streams: AlbumStreams;
  key: { configured: string | null; file: string };
  limits: PublicLinksLimits;
}): ModuleWith<PublicLinksService> {
  const links = new PublicLinksService({ ...d, key: LinkKey.load(d.key.configured, d.key.file) });
  return {
    name: 'public-links',
    routes: routes(publicLinksRoutes, { links, limits: d.limits }),
    tables: ['share_link', 'share_link_item'],
    purgeAccount: (account) => purgeAccount(d.db, account.id),
    exportAccount: (accountId) => exportLinks(d.db, accountId),
    service: links,
  };
}
