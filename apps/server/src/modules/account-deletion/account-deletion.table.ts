/** A deletion asked for and not finished; the job removes the row last, so nothing of the account remains. */
export interface AccountDeletionTable {
  id: string;
  account_id: string;
  /** The account's e-mail and phone before deletion replaced them. */
  email: string;
  phone_e164: string;
  /** Comma-separated names of the modules whose purge is done. */
  done: string;
  requested_at: number;
}

declare module '../../infra/db/schema.js' {
  interface DB {
    account_deletion: AccountDeletionTable;
  }
}
