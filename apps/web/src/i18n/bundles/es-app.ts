// es: the signed-in strings (every namespace but BOOT_NAMESPACES and ON_DEMAND_NAMESPACES); one module per language and group so the entry lists 22 loaders, not one per file (i18n.ts).
export { default as account } from '../locales/es/account.json';
export { default as notifications } from '../locales/es/notifications.json';
export { default as shell } from '../locales/es/shell.json';
export { default as files } from '../locales/es/files.json';
export { default as upload } from '../locales/es/upload.json';
export { default as photos } from '../locales/es/photos.json';
export { default as albums } from '../locales/es/albums.json';
export { default as viewer } from '../locales/es/viewer.json';
export { default as calendar } from '../locales/es/calendar.json';
export { default as campaigns } from '../locales/es/campaigns.json';
