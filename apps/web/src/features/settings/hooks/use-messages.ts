import { useTranslation } from 'react-i18next';
import { apiErrorCode } from '@/api/errors';
import type { FieldProblem } from '../validation';

/** A field problem in the generic wording of spec §5, naming the field by its label. */
export function useProblemText() {
  const { t } = useTranslation();
  return (problem: FieldProblem | null | undefined, field: string): string | undefined =>
    problem ? t(`settings:problem_${problem.key}`, { field, ...problem.values }) : undefined;
}

/** Server error statuses the settings forms explain; anything else is the generic failure. */
const KNOWN_ERRORS = {
  EMAIL_ALREADY_EXISTS: 'error_email_taken',
  PHONE_NUMBER_ALREADY_EXISTS: 'error_phone_taken',
  MSISDN_ALREADY_EXISTS: 'error_phone_taken',
  INVALID_PASSWORD: 'error_wrong_password',
  INVALID_OLD_PASSWORD: 'error_wrong_password',
  PASSWORDS_DO_NOT_MATCH: 'problem_password_mismatch',
  SAME_PASSWORD: 'problem_password_same',
  PASSWORD_TOO_WEAK: 'error_password_weak',
  SAME_AS_ACCOUNT_EMAIL: 'email_same',
  PHONE_ALREADY_EXISTS: 'error_phone_taken',
  INVALID_LINK: 'error_link_invalid',
  LINK_EXPIRED: 'error_link_invalid',
  LINK_ALREADY_USED: 'error_link_invalid',
  PAYLOAD_TOO_LARGE: 'photo_too_large',
  PROVIDER_UNAVAILABLE: 'provider_unavailable',
  INVALID_CREDENTIALS: 'error_wrong_password',
  WRONG_PASSWORD: 'error_wrong_password',
  INVALID_OTP: 'error_invalid_code',
  INVALID_CODE: 'error_invalid_code',
  OTP_EXPIRED: 'error_code_expired',
  INVALID_TOKEN: 'error_link_invalid',
  TOKEN_EXPIRED: 'error_link_invalid',
  TOO_MANY_REQUESTS: 'error_too_many',
  CAPTCHA_REQUIRED: 'error_captcha_required',
  INVALID_CAPTCHA: 'error_captcha_invalid',
  UNSUPPORTED_MEDIA_TYPE: 'photo_wrong_type',
  FETCH_ERROR: 'error_network',
  TIMEOUT_ERROR: 'error_network',
} as const;

/** The message for a failed call; `own` maps this form's particular statuses first. */
export function useErrorText() {
  const { t } = useTranslation();
  return (error: unknown, own: Record<string, string> = {}): string => {
    const code = apiErrorCode(error) ?? '';
    if (own[code]) return own[code];
    const key = (KNOWN_ERRORS as Record<string, string>)[code];
    if (key) return t(`settings:${key}` as 'settings:error_generic');
    if (code === '429') return t('settings:error_too_many');
    if (code === '413') return t('settings:photo_too_large');
    return t('settings:error_generic');
  };
}
