// Sign-up mails the new account's e-mail verification link in its own transaction (the profile resends it).
export { mailEmailVerification } from './contact.service.js';
