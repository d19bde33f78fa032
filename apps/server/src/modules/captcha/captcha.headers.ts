/** The captcha a request carries in X-Captcha-Id / X-Captcha-Answer, as the captcha gate takes it. */
export const captchaFrom = (headers: { 'x-captcha-id'?: string; 'x-captcha-answer'?: string }) => ({
  id: headers['x-captcha-id'],
  answer: headers['x-captcha-answer'],
});
