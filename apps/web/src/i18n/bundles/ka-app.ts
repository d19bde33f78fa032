// ka: the signed-in strings (every namespace but BOOT_NAMESPACES and ON_DEMAND_NAMESPACES); one module per language and group so the entry lists 22 loaders, not one per file (i18n.ts).
export { default as account } from '../locales/ka/account.json';
export { default as notifications } from '../locales/ka/notifications.json';
export { default as shell } from '../locales/ka/shell.json';
export { default as files } from '../locales/ka/files.json';
export { default as upload } from '../locales/ka/upload.json';
export { default as photos } from '../locales/ka/photos.json';
export { default as albums } from '../locales/ka/albums.json';
export { default as viewer } from '../locales/ka/viewer.json';
export { default as calendar } from '../locales/ka/calendar.json';
export { default as campaigns } from '../locales/ka/campaigns.json';
