// What other modules may use of the captcha module: the service that gates sign-in and sign-up.
export type { CaptchaService } from './captcha.service.js';
