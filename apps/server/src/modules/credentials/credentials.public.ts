// What other modules may use of the credentials module: setting a password and checking a security answer (recovery),
// and the ids of the security question catalogue.
export type { CredentialsService } from './credentials.service.js';
export { SECURITY_QUESTION_IDS } from './security-questions.js';
