import { Type, type Static } from 'typebox';

// The console's subscriber shapes (issue 27). Privacy by construction: counts, sizes, statuses and the subscriber's own
// contact details (the operator confirms identity with them); never a file or folder name, content, contact or message.

const Iso = Type.String({ format: 'date-time' });
const IsoOrNull = Type.Union([Iso, Type.Null()]);
const StringOrNull = Type.Union([Type.String(), Type.Null()]);

export const SubscriberStatusSchema = Type.Union([Type.Literal('ACTIVE'), Type.Literal('READ_ONLY'), Type.Literal('SUSPENDED'), Type.Literal('DELETED')]);
export type SubscriberStatus = Static<typeof SubscriberStatusSchema>;

export const SubscriberSummarySchema = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    name: Type.String(),
    surname: Type.String(),
    email: StringOrNull,
    phone: StringOrNull,
    status: SubscriberStatusSchema,
    createdAt: Iso,
    /** The catalogue code of the running package; null on the free plan. */
    planCode: StringOrNull,
  },
  { $id: 'OpsSubscriberSummary' },
);
export type SubscriberSummary = Static<typeof SubscriberSummarySchema>;

export const SubscriberSearchQuery = Type.Object({
  /** A phone number (any spelling, prefix), an e-mail address or its start, a name or its start (Turkish-folded), or an id. */
  q: Type.String({ minLength: 1, maxLength: 320 }),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 50, default: 20 })),
});

export const SubscriberSearchResult = Type.Object({ items: Type.Array(SubscriberSummarySchema) }, { $id: 'OpsSubscriberSearchResult' });

const UsageKindSchema = Type.Union([Type.Literal('photo'), Type.Literal('video'), Type.Literal('document'), Type.Literal('audio'), Type.Literal('other')]);

export const SubscriberDetailSchema = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    name: Type.String(),
    surname: Type.String(),
    email: Type.String(),
    emailVerified: Type.Boolean(),
    /** An address waiting for its change link. */
    pendingEmail: StringOrNull,
    phone: Type.String(),
    phoneVerified: Type.Boolean(),
    language: Type.String(),
    status: SubscriberStatusSchema,
    suspendedAt: IsoOrNull,
    createdAt: Iso,
    package: Type.Union([
      Type.Object({
        code: Type.String(),
        status: Type.Union([Type.Literal('ACTIVE'), Type.Literal('CANCELLED'), Type.Literal('GRACE'), Type.Literal('EXPIRED')]),
        premium: Type.Boolean(),
        family: Type.Boolean(),
        quotaBytes: Type.Integer(),
        periodStart: Iso,
        periodEnd: Iso,
        /** When the next renewal is charged; null when it will not renew. */
        renewsAt: IsoOrNull,
        graceUntil: IsoOrNull,
      }),
      Type.Null(),
    ]),
    family: Type.Union([
      Type.Object({ familyId: Type.String(), role: Type.String(), limitBytes: Type.Union([Type.Integer(), Type.Null()]) }),
      Type.Null(),
    ]),
    quota: Type.Object({
      /** What the account may store: the plan's quota plus live bonus grants. */
      quotaBytes: Type.Integer(),
      planQuotaBytes: Type.Integer(),
      bonusBytes: Type.Integer(),
      usedBytes: Type.Integer(),
      reservedBytes: Type.Integer(),
    }),
    usage: Type.Array(Type.Object({ kind: UsageKindSchema, files: Type.Integer(), bytes: Type.Integer() })),
    sessions: Type.Array(Type.Object({ id: Type.String(), deviceName: Type.String(), deviceType: Type.String(), createdAt: Iso, lastSeenAt: Iso })),
    twoFactor: Type.Object({
      enabled: Type.Boolean(),
      methods: Type.Array(Type.Union([Type.Literal('SMS'), Type.Literal('EMAIL'), Type.Literal('TOTP')])),
      recoveryCodesLeft: Type.Integer(),
    }),
    signIns: Type.Array(Type.Object({ at: Iso, ip: Type.String(), deviceType: Type.String(), result: Type.String() })),
    lockout: Type.Union([Type.Object({ failures: Type.Integer(), level: Type.Integer(), lockedUntil: IsoOrNull }), Type.Null()]),
    grants: Type.Array(Type.Object({ id: Type.String(), bytes: Type.Integer(), grantedAt: Iso, expiresAt: Iso, endedAt: IsoOrNull, active: Type.Boolean() })),
  },
  { $id: 'OpsSubscriberDetail' },
);
export type SubscriberDetail = Static<typeof SubscriberDetailSchema>;

export const SubscriberParams = Type.Object({ id: Type.String({ format: 'uuid' }) });

/** Every action that changes something says why. */
export const Reason = Type.String({ minLength: 3, maxLength: 500 });
export const ReasonBody = Type.Object({ reason: Reason });
export const RemoveTwoFactorBody = Type.Object({
  reason: Reason,
  /** How the subscriber's identity was checked (kept in the audit record). */
  identityCheck: Type.String({ minLength: 3, maxLength: 500 }),
});
export const GrantQuotaBody = Type.Object({
  bytes: Type.Integer({ minimum: 1, maximum: 100 * 1024 ** 4 }),
  /** ISO 8601 date-time in the future (checked by the service: 400 on `expiresAt`). */
  expiresAt: Type.String({ minLength: 1, maxLength: 40 }),
  reason: Reason,
});
export const ResendVerificationBody = Type.Object({ channel: Type.Union([Type.Literal('email'), Type.Literal('phone')]), reason: Reason });
export const EndedSessions = Type.Object({ ended: Type.Integer() });
export const GrantCreated = Type.Object({ id: Type.String() });
