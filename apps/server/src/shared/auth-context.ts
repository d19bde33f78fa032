/** Who is calling: set by the authentication hook on every private route, passed as the first argument of services. */
export interface AuthContext {
  accountId: string;
  sessionId: string;
  status: 'ACTIVE' | 'READ_ONLY';
}
