import { useTranslation } from 'react-i18next';

/**
 * `useTranslation()` once the foryou namespace is there: it loads on demand (i18n/namespaces.ts), and the first call
 * suspends until it has, so every key is written "ns:key" as everywhere else.
 */
export function useForyouTranslation() {
  useTranslation('foryou');
  return useTranslation();
}
