// The credentials kept on the account row: password hash, recovery e-mail, security question, and the settings.
export { getSetting, setPasswordHash, setRecoveryEmail, setSecurityQuestion, verifyRecoveryEmail } from './account.repository.js';
