// What another DAV mount (CardDAV in contacts) shares with the files mount: app passwords (Basic auth per scope) and
// the dead-property store, keyed by account and resource id.
export type { AppPasswordService } from './app-password.service.js';
export { DbPropertyStore } from './webdav.stores.js';
