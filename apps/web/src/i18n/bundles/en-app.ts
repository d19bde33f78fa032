// en: the signed-in strings (every namespace but BOOT_NAMESPACES and ON_DEMAND_NAMESPACES); one module per language and group so the entry lists 22 loaders, not one per file (i18n.ts).
export { default as account } from '../locales/en/account.json';
export { default as notifications } from '../locales/en/notifications.json';
export { default as shell } from '../locales/en/shell.json';
export { default as files } from '../locales/en/files.json';
export { default as upload } from '../locales/en/upload.json';
export { default as photos } from '../locales/en/photos.json';
export { default as albums } from '../locales/en/albums.json';
export { default as viewer } from '../locales/en/viewer.json';
export { default as calendar } from '../locales/en/calendar.json';
export { default as campaigns } from '../locales/en/campaigns.json';
