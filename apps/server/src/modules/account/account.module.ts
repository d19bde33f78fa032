import type { Kysely } from 'kysely';
import type { DB } from '../../infra/db/schema.js';
import type { BlobStore } from '../../infra/blob-store/blob-store.js';
import type { MessageJobs } from '../../infra/jobs/message-jobs.js';
import type { UrlSigner } from '../../infra/signing/url-signer.js';
import { routes, type ModuleWith } from '../../infra/module-manifest.js';
import { purgeAccount } from './account.repository.js';
import { exportAccount } from './account.export.js';
import { AccountService } from './account.service.js';
import { accountRoutes } from './account.routes.js';
import { ContactService, type ContactProvedListener } from './contact.service.js';
import { ProfileService } from './profile.service.js';
import { profileRoutes } from './profile.routes.js';
import type { HeifDecoder } from './profile-photo.js';
import { backfillSearchKeys } from './account.search.js';
import { expireGrants } from './account.support.js';
import { minutes } from '../../shared/time.js';

/** Ends bonus quota grants whose expiry passed (issue 27). */
export const EXPIRE_GRANTS_SCHEDULE = 'account.quota-grants.expire';
/** Gives accounts from before the console's search keys theirs (issue 27), a batch per run. */
export const SEARCH_KEYS_SCHEDULE = 'account.search-keys';

interface Deps {
  db: Kysely<DB>;
  blobs: BlobStore;
  signer: UrlSigner;
  messages: MessageJobs;
  publicUrl: string | null;
  /** The media module's HEIC decoder, for profile photos (injected: media depends on account). */
  heif: HeifDecoder;
  /** Test clock (grant expiry); Date.now otherwise. */
  clock?: () => number;
  /** Injected by the app: private shares claim invitations to an address the account proves later (it depends on account). */
  onContactProved?: ContactProvedListener;
}

export function accountModule(d: Deps): ModuleWith<AccountService> {
  const account = new AccountService(d.db);
  const profile = new ProfileService(d);
  const contact = new ContactService(d);
  return {
    name: 'account',
    routes: routes(
      async (app, o: { account: AccountService; profile: ProfileService; contact: ContactService }) => {
        await app.register(accountRoutes, o);
        await app.register(profileRoutes, o);
      },
      { account, profile, contact },
    ),
    schedules: [
      { name: EXPIRE_GRANTS_SCHEDULE, everyMs: minutes(5), run: () => expireGrants(d.db, (d.clock ?? Date.now)()) },
      { name: SEARCH_KEYS_SCHEDULE, everyMs: minutes(1), run: () => backfillSearchKeys(d.db) },
    ],
    tables: ['account', 'account_setting', 'authority', 'contact_verification', 'quota_grant'],
    // The deletion job calls this one last: every other module's rows refer to the account row.
    purgeAccount: async ({ id }) => {
      await profile.purgePhoto(id);
      await purgeAccount(d.db, id);
    },
    exportAccount: (accountId) => exportAccount(d.db, accountId),
    service: account,
  };
}
