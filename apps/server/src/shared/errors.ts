/** Typed errors that services throw; the error handler answers them as { status, message, field }. */
export class AppError extends Error {
  constructor(
    readonly httpStatus: number,
    readonly status: string,
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

export const BadRequest = (status: string, message: string, field?: string) => new AppError(400, status, message, field);
export const ValidationError = (message: string, field?: string) => new AppError(400, 'VALIDATION_ERROR', message, field);
export const Unauthorized = (message = 'Authentication required.', status = 'UNAUTHORIZED') => new AppError(401, status, message);
export const Forbidden = (message: string, status = 'FORBIDDEN') => new AppError(403, status, message);
export const NotFound = (message = 'Not found.') => new AppError(404, 'NOT_FOUND', message);
export const Conflict = (status: string, message: string, field?: string) => new AppError(409, status, message, field);
export const TooManyRequests = () => new AppError(429, 'TOO_MANY_REQUESTS', 'Too many requests!');
