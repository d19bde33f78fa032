// What other modules may use of the account module: look-ups for sign-in and sign-up, creating the account row, and
// the quota counters. Nothing else writes the account table.
export { create, getByEmail, getById, getByPhoneE164, listByNationalPhone } from './account.repository.js';
export { commitQuota, freeQuota, releaseQuota, reserveQuota } from './account.repository.js';
export type { Account, NewAccount } from './account.table.js';
