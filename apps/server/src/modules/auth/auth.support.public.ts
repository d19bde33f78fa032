// The operator console (issue 27): an account's sessions, second factors (which, never secrets), sign-in history and
// lockout, and the writers that remove two-factor sign-in and lift a lockout in the caller's transaction. Ending the
// sessions is AuthService.endSessions (auth.public.ts) with the caller's transaction.
export { liftLockout, removeTwoFactor, securityOverview, type SecurityOverview } from './auth.support.js';
