// tr: the signed-in strings (every namespace but BOOT_NAMESPACES and ON_DEMAND_NAMESPACES); one module per language and group so the entry lists 22 loaders, not one per file (i18n.ts).
export { default as account } from '../locales/tr/account.json';
export { default as notifications } from '../locales/tr/notifications.json';
export { default as shell } from '../locales/tr/shell.json';
export { default as files } from '../locales/tr/files.json';
export { default as upload } from '../locales/tr/upload.json';
export { default as photos } from '../locales/tr/photos.json';
export { default as albums } from '../locales/tr/albums.json';
export { default as viewer } from '../locales/tr/viewer.json';
export { default as calendar } from '../locales/tr/calendar.json';
export { default as campaigns } from '../locales/tr/campaigns.json';
