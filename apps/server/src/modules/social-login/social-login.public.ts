// What other modules may use of social login: sign-up claims a verified identity and links it to the new account.
export type { SocialLoginService, VerifiedIdentity } from './social-login.service.js';
export { SignupSocialToken } from './social-login.schemas.js';
