// uk: what sign-in reads (BOOT_NAMESPACES); one module per language and group so the entry lists 22 loaders, not one per file (i18n.ts).
export { default as common } from '../locales/uk/common.json';
export { default as auth } from '../locales/uk/auth.json';
