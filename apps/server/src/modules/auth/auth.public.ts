// What other modules may use of the auth module: issuing a session (sign-up) and answering with it as login does.
export type { AuthService, DeviceInfo, IssuedSession } from './auth.service.js';
export { CaptchaHeaders, SessionResponse } from './auth.schemas.js';
export { sendSession } from './auth.routes.js';
