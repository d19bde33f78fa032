import { AppError } from '../../shared/errors.js';

/** A WOPI lock mismatch: 409 carrying the current lock (empty when none) in X-WOPI-Lock, as the protocol asks. */
export class LockConflict extends AppError {
  constructor(
    readonly lock: string,
    readonly reason: string,
    /** PutRelativeFile to a taken name: a free one the client may use instead (UTF-7). */
    readonly validTarget?: string,
  ) {
    super(409, 'LOCK_CONFLICT', reason);
  }
}

/** An invalid, expired or revoked access token: WOPI clients expect a bare 401. */
export const InvalidToken = () => new AppError(401, 'INVALID_ACCESS_TOKEN', 'The access token is invalid or has expired.');
/** A write with a token that only reads. */
export const ReadOnlyToken = () => new AppError(401, 'READ_ONLY_ACCESS_TOKEN', 'This access token does not allow changes.');
export const FileNotFound = () => new AppError(404, 'NOT_FOUND', 'File not found.');
export const Unsupported = () => new AppError(400, 'UNSUPPORTED_DOCUMENT', 'This file cannot be opened in the office editor.');
