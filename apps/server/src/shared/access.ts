import { Forbidden } from './errors.js';

/** Read-only accounts (over quota or suspended) may still read, trash and delete, but not add or change content. */
export function assertWritable(auth: { readonly status: string }): void {
  if (auth.status === 'READ_ONLY') {
    throw Forbidden('Your account is read-only. Free up space or upgrade your package to make changes.', 'ACCOUNT_READ_ONLY');
  }
}
