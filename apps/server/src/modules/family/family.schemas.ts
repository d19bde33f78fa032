import { Type, type Static } from 'typebox';
import { UuidSchema } from '../../shared/schemas.js';

const Percent = Type.Integer({ minimum: 0, maximum: 100 });
const Role = Type.Union([Type.Literal('ADMIN'), Type.Literal('MEMBER')]);
const InvitationStatus = Type.Union([
  Type.Literal('PENDING'),
  Type.Literal('ACCEPTED'),
  Type.Literal('DECLINED'),
  Type.Literal('CANCELLED'),
  Type.Literal('EXPIRED'),
]);

export const FamilyInvitationView = Type.Object(
  {
    id: Type.String(),
    contactMask: Type.String(),
    status: InvitationStatus,
    createdAt: Type.String({ format: 'date-time' }),
    expiresAt: Type.String({ format: 'date-time' }),
  },
  { $id: 'FamilyInvitation' },
);

export const FamilyMemberView = Type.Object(
  {
    accountId: Type.String(),
    name: Type.String(),
    surname: Type.String(),
    contactMask: Type.String(),
    role: Role,
    usedBytes: Type.Integer({ minimum: 0 }),
    limitBytes: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()]),
    usagePercent: Percent,
    joinedAt: Type.String({ format: 'date-time' }),
  },
  { $id: 'FamilyMember' },
);

export const FamilyView = Type.Object(
  {
    role: Type.Union([Role, Type.Null()]),
    status: Type.Union([Type.Literal('ACTIVE'), Type.Null()]),
    maxMembers: Type.Integer({ minimum: 0 }),
    pool: Type.Object({ quotaBytes: Type.Integer({ minimum: 0 }), usedBytes: Type.Integer({ minimum: 0 }), usagePercent: Percent }),
    me: Type.Object({ usedBytes: Type.Integer({ minimum: 0 }), limitBytes: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()]), usagePercent: Percent }),
    members: Type.Array(FamilyMemberView),
    invitations: Type.Array(FamilyInvitationView),
  },
  { $id: 'Family' },
);

/** One of the two: an e-mail address, or a phone number with its country code. */
export const InviteBody = Type.Object(
  {
    email: Type.Optional(Type.String({ minLength: 3, maxLength: 320 })),
    countryCode: Type.Optional(Type.String({ minLength: 1, maxLength: 4 })),
    phoneNumber: Type.Optional(Type.String({ minLength: 4, maxLength: 20 })),
  },
  { $id: 'FamilyInviteBody', additionalProperties: false },
);
export type InviteBodyValue = Static<typeof InviteBody>;

export const ReceivedInvitations = Type.Array(
  Type.Object({ id: Type.String(), familyAdminName: Type.String(), expiresAt: Type.String({ format: 'date-time' }) }, { $id: 'ReceivedFamilyInvitation' }),
);

export const TokenBody = Type.Object({ token: Type.String({ minLength: 16, maxLength: 200 }) }, { additionalProperties: false });
export const LimitBody = Type.Object(
  { limitBytes: Type.Union([Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER }), Type.Null()]) },
  { additionalProperties: false },
);
export const IdParams = Type.Object({ id: UuidSchema });
export const MemberParams = Type.Object({ accountId: UuidSchema });

/** Used over quota, rounded, capped at 100 (spec §5); an empty quota is full once anything is used. */
export function usagePercent(used: number, quota: number): number {
  if (quota <= 0) return used > 0 ? 100 : 0;
  return Math.min(100, Math.round((used / quota) * 100));
}

export const iso = (ms: number) => new Date(Number(ms)).toISOString();
