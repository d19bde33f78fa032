import type { OperatorRole } from './access/operator-roles.js';

export type { OperatorRole } from './access/operator-roles.js';

/** Who is calling a console route (/api/ops/*): set by the authentication hook, read by handlers as `req.operator!`. */
export interface OperatorContext {
  operatorId: string;
  sessionId: string;
  role: OperatorRole;
  email: string;
  /** The caller's address, for the audit log. */
  ip: string;
}

/** A console route (issue 27): its caller is an operator, never a subscriber. */
export const isConsoleUrl = (url: string): boolean => url === '/api/ops' || url.startsWith('/api/ops/');
