// Family sharing (issue 13): the flags and quota a membership gives the account, and the pool lock (family row first).
export { familyOf, inTransaction, lockAccount, lockPool, poolUse, setFamilyMembership } from './account.family.js';
