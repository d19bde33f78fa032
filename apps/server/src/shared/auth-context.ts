/** Who is calling: set by the authentication hook on every private route, passed as the first argument of services. */
export interface AuthContext {
  accountId: string;
  sessionId: string;
  status: 'ACTIVE' | 'READ_ONLY';
  /** The account's project id, read with the session, so listings need no extra read to put it in every item. */
  projectId: string;
  /**
   * The account's storage counters, read in the same statement as the session (issue 18: a usage answer then costs one
   * read, not two). As fresh as a separate read in the handler would be; absent where no session was read.
   */
  usage?: { usedBytes: number; quotaBytes: number };
}
