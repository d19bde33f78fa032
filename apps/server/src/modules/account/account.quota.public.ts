// The storage quota counters (reserve, commit, release, free) and the read-only state that follows used bytes.
export { commitQuota, freeQuota, releaseQuota, reserveQuota } from './account.repository.js';
export { refreshStatus } from './account.plan.js';
export { QuotaExceeded } from './account.quota-error.js';
