import { useTranslation } from 'react-i18next';

/**
 * `useTranslation()` once the search namespace is there: it loads on demand (not at start, i18n.ts), and the first
 * call suspends until it has, so every key is written "ns:key" as everywhere else.
 */
export function useSearchTranslation() {
  useTranslation('search');
  return useTranslation();
}
