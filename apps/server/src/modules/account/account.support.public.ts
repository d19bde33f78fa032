// The operator console (issue 27): finding accounts by their search keys, suspension, bonus quota grants, and sending a
// verification again; each writer takes the caller's transaction so the change and its audit record commit together.
export { searchAccounts, type SearchHit } from './account.search.js';
export { expireGrants, grantQuota, isSuspended, listGrants, suspend, unsuspend } from './account.support.js';
export { resendVerification } from './contact.service.js';
export { getById } from './account.repository.js';
export { familyOf } from './account.family.js';
