/** Product-wide business constants: breakpoint, modal width, time-outs, toast durations and input limits. */
export const NARROW_BREAKPOINT_PX = 768;
export const MODAL_WIDTH_PX = 578;
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
export const KEEP_UNUSED_DATA_FOR_S = 10;
export const TOAST_SUCCESS_MS = 5_000;
export const TOAST_PLAIN_MS = 3_000;
export const ALERT_MS = 3_000;
export const UNREAD_BADGE_CAP = 9;
export const FULL_STORAGE_THRESHOLD_PERCENT = 80;
export const REFRESH_RETRY_DELAY_MS = 100;
export const EMAIL_MAX_LENGTH = 320;
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const OTP_DEFAULT_LENGTH = 4;
export const SECONDS_PER_OTP_MINUTE = 60;
export const EULA_BRAND = 'BULUT';
export const DEVICE_TYPE = 'WEB';
