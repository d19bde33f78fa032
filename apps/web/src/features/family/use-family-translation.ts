import { useTranslation } from 'react-i18next';

/**
 * `useTranslation()` once the family namespace is there: it loads on demand (i18n namespaces.ts), and the first call
 * suspends until it has, so keys stay "family:key" as everywhere else.
 */
export function useFamilyTranslation() {
  useTranslation('family');
  return useTranslation();
}
