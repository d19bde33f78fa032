// What other modules may use of the auth module: issuing a session (sign-up), signing an account in with two-factor
// applied (social, silent and QR sign-in), and answering with either as login does.
export type { AuthService, DeviceInfo, IssuedSession } from './auth.service.js';
export { deviceName } from './auth.service.js';
export type { TwoFactorRequired } from './two-factor.service.js';
export { CaptchaHeaders, DeviceInfoSchema, LoginResponse, SessionResponse, sessionAnswer } from './auth.schemas.js';
export { sendSession, sendSignIn } from './auth.reply.js';
export { normalisePhone } from './auth.service.js';
export { AccountLocked, LoginLockout } from './login-lockout.js';
