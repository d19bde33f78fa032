// uk: the signed-in strings (every namespace but BOOT_NAMESPACES and ON_DEMAND_NAMESPACES); one module per language and group so the entry lists 22 loaders, not one per file (i18n.ts).
export { default as account } from '../locales/uk/account.json';
export { default as notifications } from '../locales/uk/notifications.json';
export { default as shell } from '../locales/uk/shell.json';
export { default as files } from '../locales/uk/files.json';
export { default as upload } from '../locales/uk/upload.json';
export { default as photos } from '../locales/uk/photos.json';
export { default as albums } from '../locales/uk/albums.json';
export { default as viewer } from '../locales/uk/viewer.json';
export { default as calendar } from '../locales/uk/calendar.json';
export { default as campaigns } from '../locales/uk/campaigns.json';
