// sq: the signed-in strings (every namespace but BOOT_NAMESPACES and ON_DEMAND_NAMESPACES); one module per language and group so the entry lists 22 loaders, not one per file (i18n.ts).
export { default as account } from '../locales/sq/account.json';
export { default as notifications } from '../locales/sq/notifications.json';
export { default as shell } from '../locales/sq/shell.json';
export { default as files } from '../locales/sq/files.json';
export { default as upload } from '../locales/sq/upload.json';
export { default as photos } from '../locales/sq/photos.json';
export { default as albums } from '../locales/sq/albums.json';
export { default as viewer } from '../locales/sq/viewer.json';
export { default as calendar } from '../locales/sq/calendar.json';
export { default as campaigns } from '../locales/sq/campaigns.json';
