// Packages (issue 13): what a package gives the account (quota, premium authority) and its grace period.
export { applyPlan, isPremium, setGraceUntil, PREMIUM_AUTHORITY } from './account.plan.js';
