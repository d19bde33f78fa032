// The account row for sign-in, sign-up and look-ups: find, create, and mark deleted (nothing else writes the account table).
export { create, getByEmail, getById, getByPhoneE164, listByNationalPhone } from './account.repository.js';
// Account deletion marks the account deleted in the caller's transaction, as its own step.
export { markDeleted } from './account.repository.js';
export type { Account, NewAccount } from './account.table.js';
