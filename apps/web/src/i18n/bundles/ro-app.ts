// ro: the signed-in strings (every namespace but BOOT_NAMESPACES and ON_DEMAND_NAMESPACES); one module per language and group so the entry lists 22 loaders, not one per file (i18n.ts).
export { default as account } from '../locales/ro/account.json';
export { default as notifications } from '../locales/ro/notifications.json';
export { default as shell } from '../locales/ro/shell.json';
export { default as files } from '../locales/ro/files.json';
export { default as upload } from '../locales/ro/upload.json';
export { default as photos } from '../locales/ro/photos.json';
export { default as albums } from '../locales/ro/albums.json';
export { default as viewer } from '../locales/ro/viewer.json';
export { default as calendar } from '../locales/ro/calendar.json';
export { default as campaigns } from '../locales/ro/campaigns.json';
