import { useTranslation } from 'react-i18next';

/**
 * `useTranslation()` once the packages namespace is there: it loads on demand with the packages screens (not at
 * start); the first call suspends until it has loaded. Keys are written "packages:key" as everywhere else.
 */
export function usePackagesTranslation() {
  useTranslation('packages');
  return useTranslation();
}
