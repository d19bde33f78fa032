import type { AccountInfo } from '@/api/account';

/** Name and surname, or the e-mail, or the phone number. */
export function displayName(info: AccountInfo | undefined): string {
  if (!info) return '';
  const full = [info.name, info.surname].map((part) => part?.trim()).filter(Boolean).join(' ');
  return full || info.email?.trim() || info.phoneNumber?.trim() || '';
}
