import { BlobTooLargeError } from '../../infra/blob-store/blob-store.js';
import { AppError, BadRequest, Conflict, NotFound } from '../../shared/errors.js';

// The upload's failures, shared by the request steps, the finishing step and the routes that put offsets in headers.

export const UploadNotFound = () => NotFound('Upload not found.');
export const LengthRequired = () => new AppError(411, 'LENGTH_REQUIRED', 'Content-Length is required.');
export { QuotaExceeded } from '../account/account.quota.public.js';
export const UploadIncomplete = () => BadRequest('UPLOAD_INCOMPLETE', 'The request body ended before Content-Length bytes arrived.');
export const AlreadyComplete = () => Conflict('UPLOAD_COMPLETE', 'This upload is already complete.');
/** The final piece is recorded but the file is not committed yet: the client asks again (HEAD or the same piece). */
export const UploadCompleting = () => Conflict('UPLOAD_COMPLETING', 'This upload is being assembled; ask again shortly.');
export const InvalidRange = (message: string, field = 'Content-Range') => BadRequest('INVALID_CONTENT_RANGE', message, field);

/** A 409 that says where the upload stands: the routes put `offset` in the Upload-Offset header. */
export class OffsetConflict extends AppError {
  constructor(
    status: string,
    message: string,
    readonly offset: number,
  ) {
    super(409, status, message);
  }
}

/** A piece that does not start at the next expected byte. */
export class UploadOffsetMismatch extends OffsetConflict {
  constructor(offset: number) {
    super('UPLOAD_OFFSET_MISMATCH', `The next expected byte is ${offset}.`, offset);
  }
}

/**
 * Issue 35: the account does not hold the piece that starts at `offset` (the pieces of the same request before it are
 * taken): the client sends that piece's bytes.
 */
export class PieceNotHeld extends OffsetConflict {
  constructor(offset: number, message = `This account does not hold the piece at byte ${offset}; send its bytes from there.`) {
    super('PIECE_NOT_HELD', message, offset);
  }
}

/** A body that stopped early (client gone) is the client's problem (400); anything else is ours. */
export function asUploadError(err: unknown): unknown {
  if (err instanceof AppError) return err;
  if (err instanceof BlobTooLargeError) return BadRequest('UPLOAD_TOO_LARGE', 'More bytes arrived than Content-Length announced.');
  const code = (err as { code?: unknown } | null)?.code;
  const message = err instanceof Error ? err.message : '';
  if (code === 'ECONNRESET' || code === 'ERR_STREAM_PREMATURE_CLOSE' || message === 'aborted' || /superseded|cancelled/.test(message)) {
    return UploadIncomplete();
  }
  return err;
}
