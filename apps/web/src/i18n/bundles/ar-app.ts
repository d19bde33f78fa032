// ar: the signed-in strings (every namespace but BOOT_NAMESPACES and ON_DEMAND_NAMESPACES); one module per language and group so the entry lists 22 loaders, not one per file (i18n.ts).
export { default as account } from '../locales/ar/account.json';
export { default as notifications } from '../locales/ar/notifications.json';
export { default as shell } from '../locales/ar/shell.json';
export { default as files } from '../locales/ar/files.json';
export { default as upload } from '../locales/ar/upload.json';
export { default as photos } from '../locales/ar/photos.json';
export { default as albums } from '../locales/ar/albums.json';
export { default as viewer } from '../locales/ar/viewer.json';
export { default as calendar } from '../locales/ar/calendar.json';
export { default as campaigns } from '../locales/ar/campaigns.json';
