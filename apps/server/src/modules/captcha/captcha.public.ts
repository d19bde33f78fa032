// What other modules may use of the captcha module: the service that gates sign-in, sign-up and recovery, and the
// reading of the captcha headers.
export type { CaptchaService } from './captcha.service.js';
export { captchaFrom } from './captcha.headers.js';
