// ru: the signed-in strings (every namespace but BOOT_NAMESPACES and ON_DEMAND_NAMESPACES); one module per language and group so the entry lists 22 loaders, not one per file (i18n.ts).
export { default as account } from '../locales/ru/account.json';
export { default as notifications } from '../locales/ru/notifications.json';
export { default as shell } from '../locales/ru/shell.json';
export { default as files } from '../locales/ru/files.json';
export { default as upload } from '../locales/ru/upload.json';
export { default as photos } from '../locales/ru/photos.json';
export { default as albums } from '../locales/ru/albums.json';
export { default as viewer } from '../locales/ru/viewer.json';
export { default as calendar } from '../locales/ru/calendar.json';
export { default as campaigns } from '../locales/ru/campaigns.json';
