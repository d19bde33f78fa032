// react-i18next imports `use-sync-external-store/shim`, whose code on React 18+ only hands back React's own hook
// (vite.config.ts points the import here): the same hook without the shim's fallback in sign-in's JavaScript.
export { useSyncExternalStore } from 'react';
