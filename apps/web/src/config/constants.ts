/** Product-wide business constants: breakpoint, modal width, time-outs, toast durations and input limits. */
export const NARROW_BREAKPOINT_PX = 768;
export const MODAL_WIDTH_PX = 578;
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
export const KEEP_UNUSED_DATA_FOR_S = 10;
/** Flags and numbers from remote configuration are asked again this often: an operator's change shows within a minute. */
export const REMOTE_CONFIG_POLL_MS = 30_000;
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
/** Spec 001 §9: search debounce (typing pause before suggestions are asked for). */
export const SEARCH_DEBOUNCE_MS = 300;
/** The longest text the server searches for (the search contract: 1..200 characters). */
export const SEARCH_TEXT_MAX = 200;

/** How often the QR sign-in screen asks whether its code was approved. */
export const QR_LOGIN_POLL_MS = 2000;
/** How often the "check your e-mail" recovery screen asks whether the link was opened on another device. */
export const RECOVERY_STATUS_POLL_MS = 3000;
