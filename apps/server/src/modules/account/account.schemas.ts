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
    url: Type.Union([Type.String(), Type.Null()]),
  },
  { $id: 'AccountInfo' },
);

export const Usages = Type.Object(
  { 'Bytes-Used': Type.String({ pattern: '^\\d+$' }), 'Quota-Bytes': Type.String({ pattern: '^\\d+$' }) },
  { $id: 'AccountUsages' },
);

export const toAccountInfo = (a: Account) => ({
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
  url: null,
});

export const toUsages = (a: Account) => ({ 'Bytes-Used': String(a.used_bytes), 'Quota-Bytes': String(a.quota_bytes) });
