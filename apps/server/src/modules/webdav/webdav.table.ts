import type { Selectable } from 'kysely';

/** What an app password may open: the files mount (issue 32) or the contacts one (issue 31). */
export type AppPasswordScope = 'files' | 'contacts';

/** A device password for DAV clients, which cannot do two-factor or social sign-in. Shown once, kept as a hash. */
export interface AppPasswordTable {
  id: string;
  account_id: string;
  name: string;
  scope: AppPasswordScope;
  /** SHA-256 of the 256-bit secret; found with the account the username names. */
  token_hash: string;
  created_at: number;
  last_used_at: number | null;
}

/** A property a DAV client set with PROPPATCH, on a resource of the account (a file or folder id). */
export interface DavPropertyTable {
  account_id: string;
  resource_id: string;
  ns: string;
  name: string;
  /** The value as self-contained XML. */
  value: string;
}

/** A WebDAV lock on a path of the account's namespace (locks are on names). */
export interface DavLockTable {
  account_id: string;
  token: string;
  path: string;
  depth: string;
  exclusive: number;
  owner_xml: string;
  timeout_seconds: number;
  expires_at: number;
}

export type AppPasswordRow = Selectable<AppPasswordTable>;
export type DavLockRow = Selectable<DavLockTable>;

declare module '../../infra/db/schema.js' {
  interface DB {
    app_password: AppPasswordTable;
    dav_property: DavPropertyTable;
    dav_lock: DavLockTable;
  }
}
