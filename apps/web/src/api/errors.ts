import type { SerializedError } from '@reduxjs/toolkit';
import type { ApiError } from './request';

/** The server's failure body: { status, message, field? }. */
export interface ApiErrorBody {
  status?: string | number;
  message?: string;
  field?: string;
}

export function isApiError(error: unknown): error is ApiError {
  return typeof error === 'object' && error !== null && 'errorStatus' in error;
}

function body(error: unknown): ApiErrorBody | undefined {
  if (!isApiError(error)) return undefined;
  const data = error.errorData;
  return typeof data === 'object' && data !== null ? (data as ApiErrorBody) : undefined;
}

/** The stable status name (e.g. INVALID_CREDENTIALS), else the client status (FETCH_ERROR…), else the HTTP code. */
export function apiErrorCode(error: ApiError | SerializedError | undefined | unknown): string | undefined {
  if (!isApiError(error)) return undefined;
  const status = body(error)?.status;
  if (status !== undefined && status !== null && status !== '') return String(status);
  return String(error.errorStatus);
}

export function apiErrorField(error: unknown): string | undefined {
  return body(error)?.field;
}

export function isNetworkError(error: unknown): boolean {
  return isApiError(error) && typeof error.errorStatus === 'string';
}
