import { useTranslation } from 'react-i18next';

/**
 * `useTranslation()` once the recovery namespace is there: the screens behind sign-in (recovery, two-factor, QR,
 * Google and Apple) load it on demand, so the sign-in page's first paint does not carry their strings. The first call
 * suspends until it has loaded; keys are written "recovery:key" as everywhere else.
 */
export function useRecoveryTranslation() {
  useTranslation('recovery');
  return useTranslation();
}
