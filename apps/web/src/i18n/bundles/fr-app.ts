// fr: the signed-in strings (every namespace but BOOT_NAMESPACES and ON_DEMAND_NAMESPACES); one module per language and group so the entry lists 22 loaders, not one per file (i18n.ts).
export { default as account } from '../locales/fr/account.json';
export { default as notifications } from '../locales/fr/notifications.json';
export { default as shell } from '../locales/fr/shell.json';
export { default as files } from '../locales/fr/files.json';
export { default as upload } from '../locales/fr/upload.json';
export { default as photos } from '../locales/fr/photos.json';
export { default as albums } from '../locales/fr/albums.json';
export { default as viewer } from '../locales/fr/viewer.json';
export { default as calendar } from '../locales/fr/calendar.json';
export { default as campaigns } from '../locales/fr/campaigns.json';
