// de: the signed-in strings (every namespace but BOOT_NAMESPACES and ON_DEMAND_NAMESPACES); one module per language and group so the entry lists 22 loaders, not one per file (i18n.ts).
export { default as account } from '../locales/de/account.json';
export { default as notifications } from '../locales/de/notifications.json';
export { default as shell } from '../locales/de/shell.json';
export { default as files } from '../locales/de/files.json';
export { default as upload } from '../locales/de/upload.json';
export { default as photos } from '../locales/de/photos.json';
export { default as albums } from '../locales/de/albums.json';
export { default as viewer } from '../locales/de/viewer.json';
export { default as calendar } from '../locales/de/calendar.json';
export { default as campaigns } from '../locales/de/campaigns.json';
