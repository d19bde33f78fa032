import { readSession, writeSession } from '@/lib/storage-keys';

/** The operator's session token: per tab (sessionStorage), never beside the subscriber's (contract, issue 27). */
export const OPS_TOKEN_KEY = 'bulut.ops.token';

export const opsPaths = {
  home: '/ops',
  signIn: '/ops/sign-in',
  setup: (token: string) => `/ops/setup/${encodeURIComponent(token)}`,
  subscribers: '/ops/subscribers',
  subscriber: (id: string) => `/ops/subscribers/${encodeURIComponent(id)}`,
  plans: '/ops/plans',
  config: '/ops/config',
  orders: '/ops/orders',
  order: (id: string) => `/ops/orders/${encodeURIComponent(id)}`,
  reconciliation: '/ops/reconciliation',
  audit: '/ops/audit',
  operators: '/ops/operators',
  draw: '/ops/draw',
  campaigns: '/ops/campaigns',
  support: '/ops/support',
  supportTicket: (id: string) => `/ops/support/tickets/${encodeURIComponent(id)}`,
  supportCanned: '/ops/support/canned',
  supportFeedback: (id: string) => `/ops/support/feedback/${encodeURIComponent(id)}`,
} as const;

export const getOpsToken = (): string | null => readSession(OPS_TOKEN_KEY);
export const setOpsToken = (token: string | null): void => writeSession(OPS_TOKEN_KEY, token);

type Navigate = (to: string) => unknown;
let navigate: Navigate = (to) => window.location.assign(to);

/** The router registers itself so a 401 can go to sign-in without a page load. */
export function setOpsNavigator(next: Navigate): void {
  navigate = next;
}

let ending: Promise<unknown> | null = null;

/**
 * The session is over (expired, signed out, disabled): forget the token and show sign-in, once however many calls
 * failed; resolves when sign-in is on screen, so the caller can drop the cache without the old screen asking again.
 */
export function endOpsSession(): Promise<unknown> {
  setOpsToken(null);
  ending ??= Promise.resolve(navigate(opsPaths.signIn)).finally(() => {
    ending = null;
  });
  return ending;
}
