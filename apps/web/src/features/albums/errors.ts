import { apiErrorCode, isNetworkError } from '@/api/errors';

type ErrorKey = 'albums:error_not_found' | 'albums:error_read_only' | 'albums:error_invalid' | 'common:network_error';

const BY_CODE: Record<string, ErrorKey> = {
  NOT_FOUND: 'albums:error_not_found',
  ACCOUNT_READ_ONLY: 'albums:error_read_only',
  VALIDATION_ERROR: 'albums:error_invalid',
};

/** The message key for a failed album call: a known server status, a network failure, or the action's own text. */
export function albumErrorKey<F extends string>(error: unknown, fallback: F): ErrorKey | F {
  if (isNetworkError(error)) return 'common:network_error';
  const code = apiErrorCode(error);
  return (code && BY_CODE[code]) || fallback;
}
