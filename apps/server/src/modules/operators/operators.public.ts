// The support inbox (issue 29) names an operator (the assignee) and lists who may take tickets; never their secrets.
export { getById as getOperatorById, listActiveByRoles as listOperatorsByRoles } from './operators.repository.js';
