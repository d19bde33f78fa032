import { useTranslation } from 'react-i18next';

/** `useTranslation()` once the support namespace is there (loaded on demand; the first call suspends until it is). */
export function useSupportTranslation() {
  useTranslation('support');
  return useTranslation();
}
