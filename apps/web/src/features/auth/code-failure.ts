import type { TFunction } from 'i18next';
import { apiErrorCode } from '@/api/errors';
import type { CodeFailure } from './components/code-entry';

/**
 * A refused code or resend, in words: wrong (boxes emptied), expired, too many tries (no more), the step itself gone
 * (an expired or used challenge: start again), or the network.
 */
export function codeFailure(error: unknown, t: TFunction): CodeFailure {
  switch (apiErrorCode(error)) {
    case 'INVALID_OTP':
    case 'INVALID_CODE':
    case 'VALIDATION_ERROR':
      return { message: t('recovery:error_wrong_code'), clear: true };
    case 'OTP_EXPIRED':
      return { message: t('recovery:error_code_expired') };
    case 'TOO_MANY_REQUESTS':
      return { message: t('recovery:error_too_many_tries'), locked: true };
    case 'FETCH_ERROR':
    case 'TIMEOUT_ERROR':
      return { message: t('common:network_error') };
    case 'NOT_FOUND':
    case 'EXPIRED':
    case 'UNAUTHORIZED':
    case '401':
    case '404':
      return { message: t('recovery:error_step_expired'), locked: true };
    default:
      return { message: t('common:generic_error') };
  }
}
