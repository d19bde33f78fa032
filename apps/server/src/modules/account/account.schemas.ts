import { Type } from 'typebox';
import type { Account } from './account.table.js';

export const AccountInfo = Type.Object(
  {
    uuid: Type.String(),
    gapId: Type.String(),
    name: Type.String(),
    surname: Type.String(),
    email: Type.String(),
    phoneNumber: Type.String(),
    countryCode: Type.String(),
    language: Type.String(),
    status: Type.String(),
    accountType: Type.String(),
    isFamilyMember: Type.Boolean(),
    isFamilyAdmin: Type.Boolean(),
    projectId: Type.String(),
    /** Signed URL of the 512 px profile photo; null without one. */
    url: Type.Union([Type.String(), Type.Null()]),
    address: Type.Union([Type.String(), Type.Null()]),
    birthday: Type.Union([Type.String({ format: 'date' }), Type.Null()]),
    emailVerified: Type.Boolean(),
    phoneVerified: Type.Boolean(),
    /** A new e-mail waiting for its verification link; the account keeps `email` until then. */
    pendingEmail: Type.Union([Type.String(), Type.Null()]),
    /** End of the grace period after a failed renewal (ISO); the account card shows the grace banner title then. */
    graceUntil: Type.Union([Type.String(), Type.Null()]),
  },
  { $id: 'AccountInfo' },
);

export const Usages = Type.Object(
  { 'Bytes-Used': Type.String({ pattern: '^\\d+$' }), 'Quota-Bytes': Type.String({ pattern: '^\\d+$' }) },
  { $id: 'AccountUsages' },
);

/** The answer to a code sent by SMS (same shape as the sign-up ticket). */
export const OtpTicket = Type.Object(
  { referenceToken: Type.String(), expectedInputLength: Type.Integer(), remainingTimeInMinutes: Type.Integer() },
  { $id: 'OtpTicket' },
);
export const Reference = Type.String({ minLength: 16, maxLength: 200 });
export const Otp = Type.String({ minLength: 1, maxLength: 12 });
export const EmailField = Type.String({ minLength: 3, maxLength: 320 });
export const PhoneChange = Type.Object({
  countryCode: Type.String({ minLength: 1, maxLength: 4 }),
  phoneNumber: Type.String({ minLength: 4, maxLength: 20 }),
});
export const ProfilePhoto = Type.Object({ url: Type.Union([Type.String(), Type.Null()]) }, { $id: 'ProfilePhoto' });

export const toAccountInfo = (a: Account, url: string | null = null) => ({
  uuid: a.id,
  gapId: a.id,
  name: a.name,
  surname: a.surname,
  email: a.email,
  phoneNumber: a.phone_number,
  countryCode: a.country_code,
  language: a.language,
  status: a.status,
  accountType: a.account_type,
  isFamilyMember: a.is_family_member === 1,
  isFamilyAdmin: a.is_family_admin === 1,
  projectId: a.project_id,
  url,
  address: a.address,
  birthday: a.birthday,
  emailVerified: a.email_verified_at !== null,
  phoneVerified: a.phone_verified_at !== null,
  pendingEmail: a.pending_email,
  graceUntil: a.grace_until === null ? null : new Date(a.grace_until).toISOString(),
});

export const toUsages = (u: { usedBytes: number; quotaBytes: number }) => ({ 'Bytes-Used': String(u.usedBytes), 'Quota-Bytes': String(u.quotaBytes) });
