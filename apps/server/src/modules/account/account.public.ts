// What other modules may use of the account module: look-ups for sign-in and sign-up, creating the account row, and
// the quota counters, the credentials (password, recovery e-mail, security question). Nothing else writes the account table.
export { create, getByEmail, getById, getByPhoneE164, listByNationalPhone } from './account.repository.js';
export { commitQuota, freeQuota, releaseQuota, reserveQuota } from './account.repository.js';
export { QuotaExceeded } from './account.quota-error.js';
export type { Account, NewAccount } from './account.table.js';
export { getSetting, setPasswordHash, setRecoveryEmail, setSecurityQuestion, verifyRecoveryEmail } from './account.repository.js';
// Account deletion: marking the account deleted when it is asked for (its own step, in the caller's transaction).
export { markDeleted } from './account.repository.js';
// Packages (issue 13): what a package gives the account (quota, premium authority) and the read-only state that follows.
export { applyPlan, isPremium, refreshStatus, setGraceUntil, PREMIUM_AUTHORITY } from './account.plan.js';
// Family sharing (issue 13): the flags and quota a membership gives the account, and the pool lock (family row first).
export { familyOf, inTransaction, lockAccount, lockPool, poolUse, setFamilyMembership } from './account.family.js';
