import { apiErrorCode, isNetworkError } from '@/api/errors';

type ErrorKey =
  | 'files:error_name_exists'
  | 'files:error_invalid_move'
  | 'files:error_read_only'
  | 'files:error_not_found'
  | 'files:error_invalid_name'
  | 'common:network_error';

const BY_CODE: Record<string, ErrorKey> = {
  NAME_ALREADY_EXISTS: 'files:error_name_exists',
  INVALID_MOVE: 'files:error_invalid_move',
  ACCOUNT_READ_ONLY: 'files:error_read_only',
  NOT_FOUND: 'files:error_not_found',
  VALIDATION_ERROR: 'files:error_invalid_name',
};

/** The message key for a failed files call: a known server status, a network failure, or the action's own text. */
export function fileErrorKey<F extends string>(error: unknown, fallback: F): ErrorKey | F {
  if (isNetworkError(error)) return 'common:network_error';
  const code = apiErrorCode(error);
  return (code && BY_CODE[code]) || fallback;
}
