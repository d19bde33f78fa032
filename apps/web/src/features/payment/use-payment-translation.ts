import { useTranslation } from 'react-i18next';

/** `useTranslation()` once the payment namespace (loaded on demand) is there; keys are written "payment:key". */
export function usePaymentTranslation() {
  useTranslation('payment');
  return useTranslation();
}
