// Modules that must serialise one account's writes (packages' checkouts and captures, contacts' versions) lock its row.
export { lockAccount } from './account.family.js';
