import type { Kysely } from 'kysely';
import type { DB } from '../../infra/db/schema.js';
import type { BlobStore } from '../../infra/blob-store/blob-store.js';
import type { MessageJobs } from '../../infra/jobs/message-jobs.js';
import type { UrlSigner } from '../../infra/signing/url-signer.js';
import { routes, type ModuleWith } from '../../infra/module-manifest.js';
import { purgeAccount } from './account.repository.js';
import { AccountService } from './account.service.js';
import { accountRoutes } from './account.routes.js';
import { ContactService } from './contact.service.js';
import { ProfileService } from './profile.service.js';
import { profileRoutes } from './profile.routes.js';
import type { HeifDecoder } from './profile-photo.js';

interface Deps {
  db: Kysely<DB>;
  blobs: BlobStore;
  signer: UrlSigner;
  messages: MessageJobs;
  publicUrl: string | null;
  /** The media module's HEIC decoder, for profile photos (injected: media depends on account). */
  heif: HeifDecoder;
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
    tables: ['account', 'account_setting', 'authority', 'contact_verification'],
    // The deletion job calls this one last: every other module's rows refer to the account row.
    purgeAccount: async ({ id }) => {
      await profile.purgePhoto(id);
      await purgeAccount(d.db, id);
    },
    service: account,
  };
}
