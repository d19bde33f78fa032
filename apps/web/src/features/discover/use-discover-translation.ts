import { useTranslation } from 'react-i18next';

/**
 * `useTranslation()` once the discover namespace is there: it loads on demand (i18n/namespaces.ts), and the first
 * call suspends until it has, so every key is written "ns:key" as everywhere else.
 */
export function useDiscoverTranslation() {
  useTranslation('discover');
  return useTranslation();
}
