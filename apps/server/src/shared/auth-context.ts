/** Who is calling: set by the authentication hook on every private route, passed as the first argument of services. */
export interface AuthContext {
  accountId: string;
  sessionId: string;
  status: 'ACTIVE' | 'READ_ONLY';
  /** The account's project id, read with the session, so listings need no extra read to put it in every item. */
  projectId: string;
}
