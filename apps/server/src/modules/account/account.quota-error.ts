import { AppError } from '../../shared/errors.js';

/** Adding bytes would take the account past its quota (uploads, saving a shared link's items, keeping a generated item). */
export const QuotaExceeded = () => new AppError(413, 'QUOTA_EXCEEDED', 'Storage quota exceeded.');
